import { defineEndpoints } from '../common/endpoint';

export const catalogueEndpoints = defineEndpoints({
  // Content API (Directus-compatible, base /scms)
  'cms.items': { method: 'GET', path: '/items/:collection', auth: false, base: 'cms' },
  'cms.item': { method: 'GET', path: '/items/:collection/:id', auth: false, base: 'cms' },
  // mp/cms: the public catalogue
  'mpCms.medicines': { method: 'GET', path: '/mp/cms/medicines', auth: false },
  'mpCms.province': { method: 'GET', path: '/mp/cms/province', auth: false },
  'mpCms.itemsLicense': { method: 'GET', path: '/mp/cms/items/license', auth: false },
  'mpCms.product': { method: 'GET', path: '/mp/cms/product/:id', auth: false },
  'mpCms.quote': { method: 'GET', path: '/mp/cms/quote', auth: false },
  'mpCms.entry1': { method: 'GET', path: '/mp/cms/entry_1', auth: false },
  'mpCms.enumRejected': { method: 'GET', path: '/mp/cms/enum_rejected', auth: false },
  // admin/medicine: rankings and comments
  'medicine.hot': { method: 'GET', path: '/admin/medicine/hot', auth: false },
  'medicine.hotWeek': { method: 'GET', path: '/admin/medicine/hot/week', auth: false },
  'medicine.commentList': { method: 'GET', path: '/admin/medicine/comment', auth: false },
  'medicine.commentAdd': { method: 'POST', path: '/admin/medicine/comment', auth: true },
  'medicine.commentVote': { method: 'PUT', path: '/admin/medicine/comment/:id/vote', auth: true },
  // pharmacies as the public sees them
  'pharmacy.list': { method: 'GET', path: '/pharmacy/list', auth: false },
  'pharmacy.detail': { method: 'GET', path: '/pharmacy/detail/:id', auth: false },
  'pharmacy.productList': { method: 'GET', path: '/pharmacy/product/list', auth: false },
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
