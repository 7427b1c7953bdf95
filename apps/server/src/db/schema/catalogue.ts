import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns } from './columns';
import { pharmacy } from './pharmacies';

export const productTypeValues = ['RX', 'OTC', 'HERBAL', 'NON_DRUG'] as const;

/** Two-level tree: top-level rows are the CMS `category` collection, children the `sub_category` collection. */
export const category = pgTable(
  'category',
  {
    ...baseColumns(),
    parentId: integer('parent_id').references((): AnyPgColumn => category.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 50 }).notNull(),
    icon: varchar('icon', { length: 500 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('category_parent_idx').on(t.parentId, t.sort)],
);

export interface ProductInstructions {
  indications?: string;
  usage?: string;
  contraindications?: string;
  adverse_reactions?: string;
  storage?: string;
}

export const product = pgTable(
  'product',
  {
    ...baseColumns(),
    name: varchar('name', { length: 100 }).notNull(),
    genericName: varchar('generic_name', { length: 100 }).notNull().default(''),
    spec: varchar('spec', { length: 100 }).notNull().default(''),
    dosageForm: varchar('dosage_form', { length: 32 }).notNull().default(''),
    manufacturer: varchar('manufacturer', { length: 100 }).notNull().default(''),
    approvalNo: varchar('approval_no', { length: 64 }).notNull().default(''),
    barcode: varchar('barcode', { length: 13 }).notNull().default(''),
    type: varchar('type', { length: 16, enum: productTypeValues }).notNull(),
    categoryId: integer('category_id').references(() => category.id, { onDelete: 'set null' }),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    instructions: jsonb('instructions').$type<ProductInstructions>().notNull().default({}),
    status: varchar('status', { length: 16, enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
  },
  (t) => [
    index('product_category_idx').on(t.categoryId),
    index('product_type_idx').on(t.type),
    // Substring filters on name / generic name (CMS items API; needs pg_trgm, migration 0000).
    index('product_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('product_generic_name_trgm_idx').using('gin', sql`${t.genericName} gin_trgm_ops`),
    // The medicine search: one trigram index over the four searched fields joined by chr(31), so a search is one
    // bitmap scan (four OR-ed ILIKEs made PostgreSQL pick a sequential scan: 200 ms at 100,000 products, 7 ms this way).
    // The query must repeat this expression exactly (lib/search.ts productSearchCondition).
    index('product_search_trgm_idx').using(
      'gin',
      sql`(${t.name} || chr(31) || ${t.genericName} || chr(31) || ${t.approvalNo} || chr(31) || ${t.barcode}) gin_trgm_ops`,
    ),
    index('product_approval_no_idx').on(t.approvalNo),
    uniqueIndex('product_approval_spec_uq').on(t.approvalNo, t.spec).where(sql`${t.approvalNo} <> ''`),
    uniqueIndex('product_barcode_uq').on(t.barcode).where(sql`${t.barcode} <> ''`),
  ],
);

/** A pharmacy's offer of a product. */
export const quote = pgTable(
  'quote',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    originalPrice: numeric('original_price', { precision: 12, scale: 2 }),
    stock: integer('stock').notNull().default(0),
    status: varchar('status', { length: 16, enum: ['on_shelf', 'off_shelf'] })
      .notNull()
      .default('on_shelf'),
    isTop: boolean('is_top').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
  },
  (t) => [
    // migration 0009 rebuilt it with INCLUDE (status) (drizzle cannot declare INCLUDE): a filtered count reads the index
    uniqueIndex('quote_pharmacy_product_uq').on(t.pharmacyId, t.productId),
    index('quote_product_idx').on(t.productId, t.price),
    // The console's quote list: pinned first, then by pin order / newest (page 1 reads 20 index entries), per tab.
    index('quote_pharmacy_list_idx').on(t.pharmacyId, t.isTop, t.sort, t.id),
    index('quote_pharmacy_status_idx').on(t.pharmacyId, t.status, t.isTop, t.sort, t.id),
    index('quote_sales_idx').on(t.salesCount),
  ],
);

export const medicineComment = pgTable(
  'medicine_comment',
  {
    ...baseColumns(),
    productId: integer('product_id')
      .notNull()
      .references(() => product.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 1000 }).notNull(),
    rating: smallint('rating').notNull().default(5),
    supportCount: integer('support_count').notNull().default(0),
    objectionCount: integer('objection_count').notNull().default(0),
    /** The address it was posted from: posting is limited per address as well as per account. */
    ip: varchar('ip', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('medicine_comment_product_idx').on(t.productId, t.createdAt),
    index('medicine_comment_account_idx').on(t.accountId, t.createdAt),
    index('medicine_comment_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** One vote per account and comment; withdrawing deletes the row. */
export const commentVote = pgTable(
  'comment_vote',
  {
    ...baseColumns(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => medicineComment.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: ['support', 'objection'] }).notNull(),
  },
  (t) => [uniqueIndex('comment_vote_comment_account_uq').on(t.commentId, t.accountId)],
);

// ---------------------------------------------------------------------------------------------------------------
// CMS collections served at /scms/items/<collection> (Directus conventions: status + sort on every row).

const cmsColumns = () => ({
  ...baseColumns(),
  status: varchar('status', { length: 16, enum: ['published', 'draft', 'archived'] })
    .notNull()
    .default('published'),
  sort: integer('sort').notNull().default(0),
});

export const topSales = pgTable('top_sales', {
  ...cmsColumns(),
  productId: integer('product_id')
    .notNull()
    .references(() => product.id, { onDelete: 'cascade' }),
  title: varchar('title', { length: 100 }).notNull().default(''),
  image: varchar('image', { length: 500 }).notNull().default(''),
});

export const homeSwiper = pgTable('home_swiper', {
  ...cmsColumns(),
  title: varchar('title', { length: 100 }).notNull(),
  image: varchar('image', { length: 500 }).notNull().default(''),
  link: varchar('link', { length: 500 }).notNull().default(''),
});

export const homeEntry = pgTable('home_entry', {
  ...cmsColumns(),
  title: varchar('title', { length: 50 }).notNull(),
  icon: varchar('icon', { length: 500 }).notNull().default(''),
  link: varchar('link', { length: 500 }).notNull().default(''),
});

export const homeContactUs = pgTable('home_contact_us', {
  ...cmsColumns(),
  title: varchar('title', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 32 }).notNull().default(''),
  wechat: varchar('wechat', { length: 64 }).notNull().default(''),
  email: varchar('email', { length: 100 }).notNull().default(''),
  address: varchar('address', { length: 200 }).notNull().default(''),
  workTime: varchar('work_time', { length: 64 }).notNull().default(''),
});

export const expressCompany = pgTable('express_company', {
  ...cmsColumns(),
  code: varchar('code', { length: 16 }).notNull().unique(),
  name: varchar('name', { length: 50 }).notNull(),
});

/** The three medical-history pick lists share one shape. */
const pickList = (name: string) =>
  pgTable(name, {
    ...cmsColumns(),
    name: varchar('name', { length: 50 }).notNull(),
  });
export const allergyHistory = pickList('allergy_history');
export const familyMedicalHistory = pickList('family_medical_history');
export const pastMedicalHistory = pickList('past_medical_history');

export const entry1Category = pgTable('entry1_category', {
  ...cmsColumns(),
  name: varchar('name', { length: 50 }).notNull(),
});

export const entry1 = pgTable('entry_1', {
  ...cmsColumns(),
  categoryId: integer('category_id').references(() => entry1Category.id, { onDelete: 'set null' }),
  title: varchar('title', { length: 100 }).notNull(),
  icon: varchar('icon', { length: 500 }).notNull().default(''),
  link: varchar('link', { length: 500 }).notNull().default(''),
});

export const entry2 = pgTable('entry_2', {
  ...cmsColumns(),
  title: varchar('title', { length: 100 }).notNull(),
  subtitle: varchar('subtitle', { length: 200 }).notNull().default(''),
  image: varchar('image', { length: 500 }).notNull().default(''),
  link: varchar('link', { length: 500 }).notNull().default(''),
});
