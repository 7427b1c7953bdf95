import { defineContracts } from '../common/contract';
import { operatorKeys } from '../operator/operator.schema';
import {
  cmsCollectionParamsSchema,
  cmsFieldsResultSchema,
  cmsItemBodySchema,
  cmsItemParamsSchema,
  cmsItemResultSchema,
  cmsItemsQuerySchema,
  cmsItemsResultSchema,
  cmsSavedItemSchema,
} from './cms.schema';

/**
 * The Directus-compatible content API at /scms (docs/cms-items-api.md): answers are Directus' `{ data, meta? }`, not
 * the API envelope, and failures carry Directus' `errors` beside it.
 */
export const cmsContracts = defineContracts('cms', {
  items: {
    method: 'GET',
    path: '/items/:collection',
    base: 'cms',
    kind: 'raw',
    access: { public: true },
    summary: '内容集合（Directus items：fields / filter / sort / limit / offset / page / search / meta）',
    params: cmsCollectionParamsSchema,
    query: cmsItemsQuerySchema,
    response: cmsItemsResultSchema,
  },
  item: {
    method: 'GET',
    path: '/items/:collection/:id',
    base: 'cms',
    kind: 'raw',
    access: { public: true },
    summary: '内容条目（Directus item）',
    params: cmsItemParamsSchema,
    query: cmsItemsQuerySchema,
    response: cmsItemResultSchema,
  },
  fields: {
    method: 'GET',
    path: '/fields/:collection',
    base: 'cms',
    kind: 'raw',
    access: { admin: operatorKeys.content },
    summary: '内容集合的字段（Directus fields）',
    params: cmsCollectionParamsSchema,
    response: cmsFieldsResultSchema,
  },
  create: {
    method: 'POST',
    path: '/items/:collection',
    base: 'cms',
    kind: 'raw',
    access: { admin: operatorKeys.content },
    summary: '新增内容条目',
    params: cmsCollectionParamsSchema,
    body: cmsItemBodySchema,
    response: cmsSavedItemSchema,
  },
  update: {
    method: 'PATCH',
    path: '/items/:collection/:id',
    base: 'cms',
    kind: 'raw',
    access: { admin: operatorKeys.content },
    summary: '修改内容条目',
    params: cmsItemParamsSchema,
    body: cmsItemBodySchema,
    response: cmsSavedItemSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/items/:collection/:id',
    base: 'cms',
    kind: 'empty',
    access: { admin: operatorKeys.content },
    summary: '删除内容条目',
    params: cmsItemParamsSchema,
  },
});
