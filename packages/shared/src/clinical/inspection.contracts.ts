import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  inspectBodySchema,
  inspectionDetailSchema,
  inspectionListQuerySchema,
  inspectionListResultSchema,
  inspectResultSchema,
} from './inspection.schema';

// The package index exports this file; the schemas travel with it.
export * from './inspection.schema';

const access = { pharmacy: null, roles: ['pharmacist'] } as const;

/** The pharmacist's inspection: the pharmacy's waiting list with tab counts, the prescription with the aids run again, approve, reject. */
export const inspectionContracts = defineContracts('inspection', {
  list: {
    method: 'GET',
    path: '/recipe/pharmacist',
    access,
    summary: '药师审方列表（状态标签计数）',
    description:
      'The pharmacy’s prescriptions, newest first; the default tab is pending_inspection. Unfiltered totals and tab counts come from the list_count counters (scope recipe); with a keyword, doctor or date filter they are exact counts of the filtered rows.',
    query: inspectionListQuerySchema,
    response: inspectionListResultSchema,
  },
  detail: {
    method: 'GET',
    path: '/recipe/pharmacist/:id',
    access,
    summary: '审方详情（处方、订单商品、审方辅助重新检查）',
    description:
      'The prescription, the order it dispenses and the inspection aids run again at this request (status unavailable when they could not run). Another pharmacy’s prescription answers 404 like a missing one.',
    params: idParamSchema,
    response: inspectionDetailSchema,
  },
  inspect: {
    method: 'PUT',
    path: '/recipe/:id/inspect',
    access,
    summary: '审核处方（通过 / 驳回）',
    description:
      'One guarded update from pending_inspection. Approve moves the order from pending_review to pending_shipment; reject cancels and refunds it (stock returned) and tells the doctor the structured reason. The loser of two concurrent inspections gets 409 处方已被其他药师审核. Every decision is kept in recipe_inspection with what was shown.',
    params: idParamSchema,
    body: inspectBodySchema,
    response: inspectResultSchema,
  },
});
