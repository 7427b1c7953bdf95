import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  allergyHistory,
  entry1,
  entry1Category,
  entry2,
  expressCompany,
  familyMedicalHistory,
  homeContactUs,
  homeEntry,
  homeSwiper,
  pastMedicalHistory,
  topSales,
} from '../../db/schema/index';
import { quoteOfActivePharmacy } from '../../lib/pharmacy-visibility';
import {
  type CollectionDef,
  type CollectionRegistry,
  defineCollections,
  type FieldDef,
  type FieldType,
} from './items-query/index';

const f = (column: string, type: FieldType): FieldDef => ({ column, type });
const str = (column: string) => f(column, 'string');
const num = (column: string) => f(column, 'number');

const base = { id: num('id'), created_at: f('created_at', 'datetime'), updated_at: f('updated_at', 'datetime') };
const cmsBase = { ...base, status: str('status'), sort: num('sort') };

/** The content collections the operator edits (stored in our tables, `status` + `sort` on every row). */
export const cmsTables = {
  top_sales: topSales,
  home_swiper: homeSwiper,
  home_entry: homeEntry,
  home_contact_us: homeContactUs,
  express_company: expressCompany,
  allergy_history: allergyHistory,
  family_medical_history: familyMedicalHistory,
  past_medical_history: pastMedicalHistory,
  entry1_category: entry1Category,
  entry_1: entry1,
  entry_2: entry2,
} as const satisfies Record<string, PgTable>;
export type CmsCollectionName = keyof typeof cmsTables;
export const isCmsCollection = (name: string): name is CmsCollectionName => Object.hasOwn(cmsTables, name);

const cmsFields: Record<CmsCollectionName, Record<string, FieldDef>> = {
  top_sales: { ...cmsBase, product_id: num('product_id'), title: str('title'), image: str('image') },
  home_swiper: { ...cmsBase, title: str('title'), image: str('image'), link: str('link') },
  home_entry: { ...cmsBase, title: str('title'), icon: str('icon'), link: str('link') },
  home_contact_us: {
    ...cmsBase,
    title: str('title'),
    phone: str('phone'),
    wechat: str('wechat'),
    email: str('email'),
    address: str('address'),
    work_time: str('work_time'),
  },
  express_company: { ...cmsBase, code: str('code'), name: str('name') },
  allergy_history: { ...cmsBase, name: str('name') },
  family_medical_history: { ...cmsBase, name: str('name') },
  past_medical_history: { ...cmsBase, name: str('name') },
  entry1_category: { ...cmsBase, name: str('name') },
  entry_1: { ...cmsBase, category_id: num('category_id'), title: str('title'), icon: str('icon'), link: str('link') },
  entry_2: { ...cmsBase, title: str('title'), subtitle: str('subtitle'), image: str('image'), link: str('link') },
};

const cmsRelations: Partial<Record<CmsCollectionName, CollectionDef['relations']>> = {
  top_sales: { product_id: { collection: 'product', localColumn: 'product_id', foreignColumn: 'id' } },
  entry_1: { category_id: { collection: 'entry1_category', localColumn: 'category_id', foreignColumn: 'id' } },
};

const published = (t: ReturnType<typeof sql>) => sql`${t}."status" = 'published'`;

/**
 * The catalogue's own tables seen as collections (same rows and field names as domain.md, money as "12.50"), and the
 * CMS tables. `operator` serves drafts and archived rows too; the public sees published content, active products,
 * on-shelf quotes and active pharmacies only.
 */
function collectionDefs(operator: boolean): CollectionDef[] {
  const cmsScope = operator ? undefined : published;
  const categoryFields = {
    ...base,
    parent_id: num('parent_id'),
    name: str('name'),
    icon: str('icon'),
    sort: num('sort'),
  };
  return [
    {
      name: 'category',
      table: 'category',
      primaryKey: 'id',
      fields: categoryFields,
      searchable: ['name'],
      sortField: 'sort',
      scope: (t) => sql`${t}."parent_id" is null`,
    },
    {
      name: 'sub_category',
      table: 'category',
      primaryKey: 'id',
      fields: categoryFields,
      relations: { parent_id: { collection: 'category', localColumn: 'parent_id', foreignColumn: 'id' } },
      searchable: ['name'],
      sortField: 'sort',
      scope: (t) => sql`${t}."parent_id" is not null`,
    },
    {
      name: 'product',
      table: 'product',
      primaryKey: 'id',
      fields: {
        ...base,
        name: str('name'),
        generic_name: str('generic_name'),
        spec: str('spec'),
        dosage_form: str('dosage_form'),
        manufacturer: str('manufacturer'),
        approval_no: str('approval_no'),
        barcode: str('barcode'),
        type: str('type'),
        category_id: num('category_id'),
        images: f('images', 'array'),
        instructions: f('instructions', 'json'),
        status: str('status'),
      },
      relations: { category_id: { collection: 'sub_category', localColumn: 'category_id', foreignColumn: 'id' } },
      searchable: ['name', 'generic_name', 'approval_no', 'barcode'],
      scope: operator ? undefined : (t) => sql`${t}."status" = 'active'`,
    },
    {
      // Only what the public pharmacy pages show: no owner, group or settings.
      name: 'pharmacy',
      table: 'pharmacy',
      primaryKey: 'id',
      fields: {
        id: num('id'),
        name: str('name'),
        logo_url: str('logo_url'),
        province: str('province'),
        city: str('city'),
        district: str('district'),
        address: str('address'),
        phone: str('phone'),
        business_hours: str('business_hours'),
      },
      searchable: ['name', 'city', 'address'],
      scope: (t) => sql`${t}."status" = 'active'`,
    },
    {
      name: 'quote',
      table: 'quote',
      primaryKey: 'id',
      fields: {
        ...base,
        pharmacy_id: num('pharmacy_id'),
        product_id: num('product_id'),
        price: str('price'),
        original_price: str('original_price'),
        stock: num('stock'),
        status: str('status'),
        is_top: f('is_top', 'boolean'),
        sort: num('sort'),
        sales_count: num('sales_count'),
      },
      relations: {
        pharmacy_id: { collection: 'pharmacy', localColumn: 'pharmacy_id', foreignColumn: 'id' },
        product_id: { collection: 'product', localColumn: 'product_id', foreignColumn: 'id' },
      },
      sortField: 'sort',
      // the public sees on-shelf quotes of active pharmacies only
      scope: operator
        ? undefined
        : (t) => sql`${t}."status" = 'on_shelf' and ${quoteOfActivePharmacy(sql`${t}."pharmacy_id"`)}`,
    },
    ...(Object.keys(cmsFields) as CmsCollectionName[]).map(
      (name): CollectionDef => ({
        name,
        table: name,
        primaryKey: 'id',
        fields: cmsFields[name],
        relations: cmsRelations[name],
        sortField: 'sort',
        scope: cmsScope,
      }),
    ),
  ];
}

/** What visitors read at /scms/items. */
export const publicCollections: CollectionRegistry = defineCollections(collectionDefs(false));
/** What a signed-in operator reads: drafts included. */
export const operatorCollections: CollectionRegistry = defineCollections(collectionDefs(true));

/** The spec's collections (domain.md "Content"); `pharmacy` is served only as the target of quote.pharmacy_id. */
export const specCollections = [
  'top_sales',
  'home_swiper',
  'home_entry',
  'quote',
  'category',
  'sub_category',
  'home_contact_us',
  'express_company',
  'allergy_history',
  'family_medical_history',
  'past_medical_history',
  'product',
  'entry_1',
  'entry1_category',
  'entry_2',
] as const;
