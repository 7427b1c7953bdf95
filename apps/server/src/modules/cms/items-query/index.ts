export { type CompiledItemsQuery, compileItemsQuery, escapeLike, type OutputShape } from './compile';
export { type DirectusErrorBody, ItemsQueryError } from './errors';
export { type ItemRow, type ItemsResult, readItem, readItems, runItemsQuery, type SqlExecutor } from './execute';
export { expandParams, parseItemsQuery, type RawItemsQuery } from './parse';
export { defineCollections } from './registry';
export * from './types';
