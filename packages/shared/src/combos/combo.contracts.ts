import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  comboBodySchema,
  comboIdSchema,
  comboListQuerySchema,
  comboListSchema,
  comboQuoteQuerySchema,
  comboQuoteSchema,
  comboSchema,
  comboStatusBodySchema,
} from './combo.schema';

// The registry (index.ts) exports this file only: the schemas travel with it.
export * from './combo.schema';

const access = { pharmacy: 'quote_set' } as const;
const refusals =
  "Every route is scoped to the pharmacyid pharmacy: another pharmacy's combo or quote answers 404 like a missing one.";

/** Combos (quote_set): CRUD, on / off sale, and the pharmacy's quotes to build them from. */
export const comboContracts = defineContracts('quoteSet', {
  list: {
    method: 'GET',
    path: '/quote_set',
    access,
    summary: '套餐列表（状态页签计数）',
    description: refusals,
    query: comboListQuerySchema,
    response: comboListSchema,
  },
  quotes: {
    method: 'GET',
    path: '/quote_set/quotes',
    access,
    summary: '可选入套餐的本店报价',
    description: 'The pharmacy’s quotes (on shelf first) for the combo form’s picker, searchable without quote_manage.',
    query: comboQuoteQuerySchema,
    response: pageResultSchema(comboQuoteSchema),
  },
  detail: {
    method: 'GET',
    path: '/quote_set/:id',
    access,
    summary: '套餐详情',
    description: refusals,
    params: idParamSchema,
    response: comboSchema,
  },
  create: {
    method: 'POST',
    path: '/quote_set',
    access,
    summary: '新建套餐',
    description: `${refusals} The combo and its items are written in one transaction; a price above the items' sum is refused.`,
    body: comboBodySchema,
    response: comboIdSchema,
  },
  update: {
    method: 'PUT',
    path: '/quote_set/:id',
    access,
    summary: '编辑套餐',
    description: `${refusals} The items are replaced in one transaction.`,
    params: idParamSchema,
    body: comboBodySchema,
    response: comboIdSchema,
  },
  setStatus: {
    method: 'PUT',
    path: '/quote_set/:id/status',
    access,
    summary: '套餐上架 / 下架',
    description: `${refusals} A combo holding an off-shelf quote cannot be put on sale (400111 with the quote's name).`,
    params: idParamSchema,
    body: comboStatusBodySchema,
    response: comboIdSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/quote_set/:id',
    access,
    summary: '删除套餐',
    description: refusals,
    params: idParamSchema,
    response: z.null(),
  },
});
