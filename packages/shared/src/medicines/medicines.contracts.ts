import { z } from 'zod';
import {
  commentAddBodySchema,
  commentListQuerySchema,
  commentSchema,
  commentVoteBodySchema,
  commentVoteResultSchema,
  hotMedicineQuerySchema,
  hotMedicineSchema,
  medicineListItemSchema,
  medicineListQuerySchema,
  productQuoteSchema,
  productSchema,
} from '../catalogue/product.schema';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  entry1GroupSchema,
  pharmacyLicenceSchema,
  provinceSchema,
  quoteListQuerySchema,
  rejectedReasonSchema,
} from './medicines.schema';

/** The public catalogue (mp/cms), hot medicines and comments (admin/medicine). */
export const medicineContracts = defineContracts('medicine', {
  list: {
    method: 'GET',
    path: '/mp/cms/medicines',
    access: { public: true },
    summary: '药品列表（搜索名称、通用名、批准文号、条形码；类型、分类、价格区间；排序）',
    query: medicineListQuerySchema,
    response: pageResultSchema(medicineListItemSchema),
  },
  provinces: {
    method: 'GET',
    path: '/mp/cms/province',
    access: { public: true },
    summary: '有药店的省份与城市',
    response: z.array(provinceSchema),
  },
  licences: {
    method: 'GET',
    path: '/mp/cms/items/license',
    access: { public: true },
    summary: '药店资质证照',
    response: z.array(pharmacyLicenceSchema),
  },
  product: {
    method: 'GET',
    path: '/mp/cms/product/:id',
    access: { public: true },
    summary: '药品详情',
    params: idParamSchema,
    response: productSchema,
  },
  quotes: {
    method: 'GET',
    path: '/mp/cms/quote',
    access: { public: true },
    summary: '在售报价（按药品时最低价在前）',
    query: quoteListQuerySchema,
    response: pageResultSchema(productQuoteSchema),
  },
  entry1: {
    method: 'GET',
    path: '/mp/cms/entry_1',
    access: { public: true },
    summary: '按症找药入口（按分组）',
    response: z.array(entry1GroupSchema),
  },
  rejectedReasons: {
    method: 'GET',
    path: '/mp/cms/enum_rejected',
    access: { public: true },
    summary: '处方驳回原因',
    response: z.array(rejectedReasonSchema),
  },
  hot: {
    method: 'GET',
    path: '/admin/medicine/hot',
    access: { public: true },
    summary: '热销药品（按销量）',
    query: hotMedicineQuerySchema,
    response: z.array(hotMedicineSchema),
  },
  hotWeek: {
    method: 'GET',
    path: '/admin/medicine/hot/week',
    access: { public: true },
    summary: '本周热销药品（按销量）',
    query: hotMedicineQuerySchema,
    response: z.array(hotMedicineSchema),
  },
  comments: {
    method: 'GET',
    path: '/admin/medicine/comment',
    access: { public: true },
    summary: '药品评论（新的在前；登录时带上我的投票）',
    query: commentListQuerySchema,
    response: pageResultSchema(commentSchema),
  },
  commentAdd: {
    method: 'POST',
    path: '/admin/medicine/comment',
    access: { signedIn: true },
    summary: '发表药品评论',
    body: commentAddBodySchema,
    response: commentSchema,
  },
  commentVote: {
    method: 'PUT',
    path: '/admin/medicine/comment/:id/vote',
    access: { signedIn: true },
    summary: '支持 / 反对评论（每人一票；同一票再投或 kind 为 null 即撤回）',
    params: idParamSchema,
    body: commentVoteBodySchema,
    response: commentVoteResultSchema,
  },
});
