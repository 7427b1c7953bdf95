import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  pharmacyQuoteListQuerySchema,
  quoteCreateBodySchema,
  quoteListItemSchema,
  quoteListResultSchema,
  quoteProductQuerySchema,
  quoteProductSchema,
  quoteShelfBodySchema,
  quoteShelfResultSchema,
  quoteTopBodySchema,
  quoteUpdateBodySchema,
} from './quote.schema';

// The package index exports this file; the schemas travel with it.
export * from './quote.schema';

const access = { pharmacy: 'quote_manage' } as const;

/** A pharmacy's quotes (pharmacy/quote): list with tab counts, create, edit, shelf, pin, delete. */
export const quoteContracts = defineContracts('quote', {
  list: {
    method: 'GET',
    path: '/pharmacy/quote',
    access,
    summary: '报价列表（置顶在前，含状态标签计数）',
    description:
      'Unfiltered totals and tab counts come from the list_count counters; with any filter besides the tab they are exact counts of the filtered rows.',
    query: pharmacyQuoteListQuerySchema,
    response: quoteListResultSchema,
  },
  products: {
    method: 'GET',
    path: '/pharmacy/product',
    access,
    summary: '选择药品（药品库，标记本店是否已报价）',
    query: quoteProductQuerySchema,
    response: pageResultSchema(quoteProductSchema),
  },
  create: {
    method: 'POST',
    path: '/pharmacy/quote',
    access,
    summary: '新增报价',
    description: 'A product the pharmacy already quotes answers 409; an unknown or inactive product 400.',
    body: quoteCreateBodySchema,
    response: quoteListItemSchema,
  },
  shelf: {
    method: 'PUT',
    path: '/pharmacy/quote/shelf',
    access,
    summary: '上架 / 下架（单条或批量）',
    body: quoteShelfBodySchema,
    response: quoteShelfResultSchema,
  },
  top: {
    method: 'PUT',
    path: '/pharmacy/quote/top',
    access,
    summary: '置顶 / 取消置顶',
    body: quoteTopBodySchema,
    response: quoteListItemSchema,
  },
  update: {
    method: 'PUT',
    path: '/pharmacy/quote/:id',
    access,
    summary: '修改报价（售价、原价、库存）',
    params: idParamSchema,
    body: quoteUpdateBodySchema,
    response: quoteListItemSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/pharmacy/quote/:id',
    access,
    summary: '删除报价',
    description: 'A quote used in a combo answers 409 naming the combo.',
    params: idParamSchema,
    response: z.null(),
  },
});
