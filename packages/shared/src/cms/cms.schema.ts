import { z } from 'zod';

/** One Directus query parameter as it arrives: text, or repeated keys (`fields[]=a&fields[]=b`). */
const itemsParam = z.union([z.string(), z.array(z.string())]).optional();

/**
 * Directus' items query (docs/cms-items-api.md). The API docs and the console's input type come from here; the server
 * reads the raw query string itself (bracket keys, repeated keys) and answers bad values with Directus' errors.
 */
export const cmsItemsQuerySchema = z.looseObject({
  fields: itemsParam,
  filter: itemsParam,
  sort: itemsParam,
  limit: itemsParam,
  offset: itemsParam,
  page: itemsParam,
  search: itemsParam,
  meta: itemsParam,
});
export type CmsItemsQueryInput = z.input<typeof cmsItemsQuerySchema>;

export const cmsCollectionParamsSchema = z.object({ collection: z.string().max(64) });
export const cmsItemParamsSchema = z.object({ collection: z.string().max(64), id: z.string().max(255) });
/** A row's values to create or change; the server checks them against the collection's columns. */
export const cmsItemBodySchema = z.record(z.string(), z.unknown());

/** A row as served: the fields the query asked for (all by default), relations nested when asked. */
export const cmsRowSchema = z.record(z.string(), z.unknown());
/** A whole row of a content collection (the operator's editor reads them with the default fields). */
export const cmsItemSchema = z.looseObject({ id: z.number().int() });
export type CmsItem = z.output<typeof cmsItemSchema>;

export const cmsMetaSchema = z.object({
  total_count: z.number().int().optional(),
  filter_count: z.number().int().optional(),
});
export type CmsMeta = z.output<typeof cmsMetaSchema>;

/** `GET /items/<collection>`: Directus' `{ data, meta? }` (`meta` only when asked for). */
export const cmsItemsResultSchema = z.object({ data: z.array(cmsRowSchema), meta: cmsMetaSchema.optional() });
/** One item: `{ data: {…} }`. */
export const cmsItemResultSchema = z.object({ data: cmsRowSchema });
/** What create and update answer: the row as stored. */
export const cmsSavedItemSchema = z.object({ data: cmsItemSchema });

/** A field as Directus' `GET /fields/<collection>` describes it (the part a generated form needs). */
export const cmsFieldSchema = z.object({
  collection: z.string(),
  field: z.string(),
  type: z.enum(['integer', 'string', 'timestamp']),
  meta: z.object({
    interface: z.string(),
    hidden: z.boolean(),
    readonly: z.boolean(),
    required: z.boolean(),
    options: z.unknown(),
    note: z.null(),
  }),
  schema: z.object({
    is_nullable: z.boolean(),
    max_length: z.number().int().nullable(),
    is_primary_key: z.boolean(),
    default_value: z.null(),
  }),
});
export type CmsField = z.output<typeof cmsFieldSchema>;
export const cmsFieldsResultSchema = z.object({ data: z.array(cmsFieldSchema) });

export const cmsStatuses = ['published', 'draft', 'archived'] as const;

const cmsRow = { id: z.number().int(), status: z.enum(cmsStatuses), sort: z.number().int() };
const categoryRow = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});

/**
 * The rows the console shows, per collection, as `GET /items/<collection>` serves them with the default fields (the
 * server's tests read every one through these). The console checks each answer against its schema, so a row it reads is
 * typed by the schema rather than by a guess.
 */
export const cmsRowSchemas = {
  top_sales: z.object({ ...cmsRow, product_id: z.number().int(), title: z.string(), image: z.string() }),
  home_swiper: z.object({ ...cmsRow, title: z.string(), image: z.string(), link: z.string() }),
  home_entry: z.object({ ...cmsRow, title: z.string(), icon: z.string(), link: z.string() }),
  home_contact_us: z.object({
    ...cmsRow,
    title: z.string(),
    phone: z.string(),
    wechat: z.string(),
    email: z.string(),
    address: z.string(),
    work_time: z.string(),
  }),
  express_company: z.object({ ...cmsRow, code: z.string(), name: z.string() }),
  allergy_history: z.object({ ...cmsRow, name: z.string() }),
  family_medical_history: z.object({ ...cmsRow, name: z.string() }),
  past_medical_history: z.object({ ...cmsRow, name: z.string() }),
  entry1_category: z.object({ ...cmsRow, name: z.string() }),
  entry_1: z.object({
    ...cmsRow,
    category_id: z.number().int().nullable(),
    title: z.string(),
    icon: z.string(),
    link: z.string(),
  }),
  entry_2: z.object({ ...cmsRow, title: z.string(), subtitle: z.string(), image: z.string(), link: z.string() }),
  /** Top-level categories (`parent_id` null) and their children, one shape. */
  category: categoryRow,
  sub_category: categoryRow,
};
export type CmsRowCollection = keyof typeof cmsRowSchemas;
export type CmsRow<K extends CmsRowCollection> = z.output<(typeof cmsRowSchemas)[K]>;
