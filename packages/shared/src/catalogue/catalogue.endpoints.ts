import { defineEndpoints } from '../common/endpoint';

export const catalogueEndpoints = defineEndpoints({
  // Content API (Directus-compatible, base /scms)
  'cms.items': { method: 'GET', path: '/items/:collection', auth: false, base: 'cms' },
  'cms.item': { method: 'GET', path: '/items/:collection/:id', auth: false, base: 'cms' },
  // admin/product: medicine upload
  'product.importTemplate': { method: 'GET', path: '/admin/product/template', auth: true, download: true },
  'product.importPreview': { method: 'POST', path: '/admin/product/import/preview', auth: true },
  'product.importErrors': {
    method: 'GET',
    path: '/admin/product/import/:upload_id/errors',
    auth: true,
    download: true,
  },
  'product.import': { method: 'POST', path: '/admin/product/import', auth: true },
  'product.update': { method: 'POST', path: '/admin/product/update', auth: true },
  // Content editing by the operator (/website/content), Directus-compatible: fields, create, update, delete
  'cms.fields': { method: 'GET', path: '/fields/:collection', auth: true, base: 'cms' },
  'cms.itemCreate': { method: 'POST', path: '/items/:collection', auth: true, base: 'cms' },
  'cms.itemUpdate': { method: 'PATCH', path: '/items/:collection/:id', auth: true, base: 'cms' },
  'cms.itemDelete': { method: 'DELETE', path: '/items/:collection/:id', auth: true, base: 'cms' },
});
