import {
  type CmsField,
  type CmsItem,
  type CmsItemsQueryInput,
  type CmsMeta,
  type CmsRow,
  type CmsRowCollection,
  cmsContracts,
  cmsItemSchema,
  cmsRowSchemas,
} from '@pharmacy/shared';
import { z } from 'zod';
import { type CallOptions, callApi, takeInitialData } from './http';

/**
 * The console's one client of the Directus-compatible content API (/scms, docs/cms-items-api.md): the catalogue's
 * public pages read published rows through it, the operator's content editor reads and writes every row.
 */

/** A Directus filter: `{ field: { _eq: value } }`, `_and` / `_or` lists, dot paths through relations. */
export type CmsFilter = Record<string, unknown>;
export type CmsMetaName = 'total_count' | 'filter_count' | '*';

/** Directus' items query, typed; `cmsQuery` writes it as the query string the server reads. */
export interface CmsQuery {
  /** Field paths (`title`, `category_id.name`, `*.*`); every field of the collection when absent. */
  fields?: string | readonly string[];
  filter?: CmsFilter;
  /** Sort keys, `-` for descending (`['sort', 'id']`); the collection's sort field when absent. */
  sort?: string | readonly string[];
  /** Rows per page; -1 for every row (up to the server's cap). */
  limit?: number;
  offset?: number;
  /** From 1; wins over `offset`. */
  page?: number;
  search?: string;
  /** Counts to add as `meta` (none unless asked for). */
  meta?: CmsMetaName | readonly CmsMetaName[];
}

const list = (value: string | readonly string[]) => (typeof value === 'string' ? value : value.join(','));

/**
 * The query string's values of a query: lists comma-separated, the filter as JSON, absent parameters left out (so a
 * request's URL, and the answer the page carries for it, stay the same for the same query).
 */
export function cmsQuery(query: CmsQuery): CmsItemsQueryInput {
  const out: CmsItemsQueryInput = {};
  if (query.fields !== undefined) out.fields = list(query.fields);
  if (query.filter !== undefined) out.filter = JSON.stringify(query.filter);
  if (query.sort !== undefined) out.sort = list(query.sort);
  if (query.limit !== undefined) out.limit = String(query.limit);
  if (query.offset !== undefined) out.offset = String(query.offset);
  if (query.page !== undefined) out.page = String(query.page);
  if (query.search) out.search = query.search;
  if (query.meta !== undefined) out.meta = list(query.meta);
  return out;
}

const itemsInput = (collection: string, query: CmsQuery) => ({ ...cmsQuery(query), collection });

// ---------------------------------------------------------------------------------------------------------------
// Rows the console shows: whole rows, checked against the collection's shared schema (packages/shared cms.schema.ts)

/** What a typed read may ask: whole rows (the schema describes every field), no counts. */
export type CmsRowsQuery = Omit<CmsQuery, 'fields' | 'meta'>;
export type { CmsRow, CmsRowCollection };

const rowsSchema = <K extends CmsRowCollection>(collection: K) => z.array(cmsRowSchemas[collection]);

/** The rows of a collection as its schema types them; an answer of another shape fails the call. */
export async function getCmsRows<K extends CmsRowCollection>(
  collection: K,
  query: CmsRowsQuery = {},
  options?: CallOptions,
): Promise<CmsRow<K>[]> {
  const body = await callApi(cmsContracts.items, itemsInput(collection, query), options);
  return rowsSchema(collection).parse(body.data);
}

/** The same rows from the answers the page was served with (lib/initial-data.ts); undefined when there are none. */
export function initialCmsRows<K extends CmsRowCollection>(
  collection: K,
  query: CmsRowsQuery = {},
): CmsRow<K>[] | undefined {
  const body = takeInitialData(cmsContracts.items, itemsInput(collection, query));
  const rows = body && rowsSchema(collection).safeParse(body.data);
  return rows?.success ? rows.data : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// The operator's editor: any content collection, drafts included, whatever its fields

export type { CmsField, CmsItem, CmsMeta };
export interface CmsItems {
  data: CmsItem[];
  meta?: CmsMeta;
}

/** Rows of any collection with their counts; `fields`, when given, must keep `id` (every row is keyed by it). */
export async function getCmsItems(collection: string, query: CmsQuery = {}, options?: CallOptions): Promise<CmsItems> {
  const body = await callApi(cmsContracts.items, itemsInput(collection, query), options);
  return { data: z.array(cmsItemSchema).parse(body.data), meta: body.meta };
}

/** How a collection's fields are described (`/fields/<collection>`), for the editor's generated form. */
export async function getCmsFields(collection: string, options?: CallOptions): Promise<CmsField[]> {
  return (await callApi(cmsContracts.fields, { collection }, options)).data;
}

/** Creates a row; answers it as stored. */
export async function createCmsItem(collection: string, values: Record<string, unknown>): Promise<CmsItem> {
  return (await callApi(cmsContracts.create, { ...values, collection })).data;
}

/** Changes the given fields of a row; answers it as stored. */
export async function updateCmsItem(collection: string, id: number, values: Record<string, unknown>): Promise<CmsItem> {
  return (await callApi(cmsContracts.update, { ...values, collection, id: String(id) })).data;
}

export function deleteCmsItem(collection: string, id: number): Promise<null> {
  return callApi(cmsContracts.remove, { collection, id: String(id) });
}
