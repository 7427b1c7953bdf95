import { sql } from 'drizzle-orm';
import { defineCollections } from './registry';

/** Collections used by this folder's tests: a product with an m2o to its category, a category with an alias to its parent. */
export const testRegistry = defineCollections([
  {
    name: 'category',
    table: 'test_category',
    primaryKey: 'id',
    fields: {
      id: { column: 'id', type: 'number' },
      name: { column: 'name', type: 'string' },
      parent_id: { column: 'parent_id', type: 'number' },
      sort: { column: 'sort', type: 'number' },
    },
    relations: { parent: { collection: 'category', localColumn: 'parent_id', foreignColumn: 'id' } },
    sortField: 'sort',
  },
  {
    name: 'product',
    table: 'test_product',
    primaryKey: 'id',
    fields: {
      id: { column: 'id', type: 'number' },
      name: { column: 'name', type: 'string' },
      generic_name: { column: 'generic_name', type: 'string' },
      type: { column: 'type', type: 'string' },
      price: { column: 'price', type: 'string' },
      stock: { column: 'stock', type: 'number' },
      is_rx: { column: 'is_rx', type: 'boolean' },
      tags: { column: 'tags', type: 'array' },
      instructions: { column: 'instructions', type: 'json' },
      category_id: { column: 'category_id', type: 'number' },
      created_at: { column: 'created_at', type: 'datetime' },
    },
    relations: { category_id: { collection: 'category', localColumn: 'category_id', foreignColumn: 'id' } },
    searchable: ['name', 'generic_name'],
  },
  {
    name: 'notice',
    table: 'test_notice',
    primaryKey: 'id',
    fields: {
      id: { column: 'id', type: 'number' },
      title: { column: 'title', type: 'string' },
      status: { column: 'status', type: 'string' },
    },
    scope: (t) => sql`${t}."status" <> 'archived'`,
  },
]);
