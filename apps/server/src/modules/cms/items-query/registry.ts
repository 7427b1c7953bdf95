import type { CollectionDef, CollectionRegistry } from './types';

/** Names we render into SQL (identifiers and json keys) must look like this; the whitelist is checked once, here. */
const namePattern = /^[a-z][a-z0-9_]{0,62}$/;
/** json_build_object takes at most 100 arguments: 50 key/value pairs. */
const maxFieldsPerCollection = 50;

const fail = (collection: string, what: string): never => {
  throw new Error(`Collection "${collection}": ${what}`);
};

/** Checks every definition once at start-up and indexes them by name; a bad definition is a programming error. */
export function defineCollections(defs: CollectionDef[]): CollectionRegistry {
  const registry = new Map<string, CollectionDef>();
  for (const def of defs) {
    if (!namePattern.test(def.name)) fail(def.name, 'bad collection name');
    if (registry.has(def.name)) fail(def.name, 'defined twice');
    registry.set(def.name, def);
  }
  for (const def of defs) {
    if (!namePattern.test(def.table)) fail(def.name, `bad table name "${def.table}"`);
    const names = Object.keys(def.fields);
    if (names.length === 0 || names.length > maxFieldsPerCollection) fail(def.name, 'needs 1 to 50 fields');
    for (const [name, field] of Object.entries(def.fields)) {
      if (!namePattern.test(name)) fail(def.name, `bad field name "${name}"`);
      if (!namePattern.test(field.column)) fail(def.name, `bad column "${field.column}"`);
    }
    if (!Object.hasOwn(def.fields, def.primaryKey)) fail(def.name, 'primary key is not a field');
    for (const [name, rel] of Object.entries(def.relations ?? {})) {
      if (!namePattern.test(name)) fail(def.name, `bad relation name "${name}"`);
      const target = registry.get(rel.collection);
      if (!target) fail(def.name, `relation "${name}" points at unknown collection "${rel.collection}"`);
      if (!namePattern.test(rel.localColumn) || !namePattern.test(rel.foreignColumn)) {
        fail(def.name, `relation "${name}" has a bad column`);
      }
      const own = def.fields[name];
      if (own && own.column !== rel.localColumn) fail(def.name, `relation "${name}" must use its field's column`);
    }
    for (const name of def.searchable ?? []) {
      if (!Object.hasOwn(def.fields, name)) fail(def.name, `searchable "${name}" is not a field`);
    }
    if (def.sortField && !Object.hasOwn(def.fields, def.sortField)) fail(def.name, 'sortField is not a field');
  }
  return registry;
}
