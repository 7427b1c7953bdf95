import {
  pharmacyListQuerySchema,
  pharmacyProductListQuerySchema,
  pharmacyProductSchema,
  publicPharmacyDetailSchema,
  publicPharmacySchema,
} from '../catalogue/product.schema';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';

/** Pharmacies as the public sees them (pharmacy/list, detail, product list). */
export const pharmacyDirectoryContracts = defineContracts('pharmacy', {
  list: {
    method: 'GET',
    path: '/pharmacy/list',
    access: { public: true },
    summary: '药店列表（城市筛选、搜索）',
    query: pharmacyListQuerySchema,
    response: pageResultSchema(publicPharmacySchema),
  },
  detail: {
    method: 'GET',
    path: '/pharmacy/detail/:id',
    access: { public: true },
    summary: '药店详情（资质证照）',
    params: idParamSchema,
    response: publicPharmacyDetailSchema,
  },
  products: {
    method: 'GET',
    path: '/pharmacy/product/list',
    access: { public: true },
    summary: '药店在售药品',
    query: pharmacyProductListQuerySchema,
    response: pageResultSchema(pharmacyProductSchema),
  },
});
