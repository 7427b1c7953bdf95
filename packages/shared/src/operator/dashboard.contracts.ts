import { defineContracts } from '../common/contract';
import {
  dashboardColumnResultSchema,
  dashboardOrderResultSchema,
  dashboardOverviewSchema,
  dashboardQuerySchema,
} from './dashboard.schema';
import { operatorAccess } from './operator.schema';

export * from './dashboard.schema';

const cached =
  'Computed in SQL over the real tables for the range (Shanghai days) and kept by the instance for 60 s at most (one computation per range and day at a time); every figure equals the total of the list it links to.';

/** Operator: 数据看板 (issue 17). `all` only: an operator with other keys is refused (403). */
export const dashboardContracts = defineContracts('dashboard', {
  overview: {
    method: 'GET',
    path: '/admin/dashboard/overview',
    access: operatorAccess.dashboard,
    summary: '运营：数据看板（订单与成交额、新会员、处方、直播观看、待处理投诉、证照临期药店）',
    description: cached,
    query: dashboardQuerySchema,
    response: dashboardOverviewSchema,
  },
  order: {
    method: 'GET',
    path: '/admin/dashboard/order',
    access: operatorAccess.dashboard,
    summary: '运营：数据看板 订单（按状态、按药店、按日）',
    description: cached,
    query: dashboardQuerySchema,
    response: dashboardOrderResultSchema,
  },
  column: {
    method: 'GET',
    path: '/admin/dashboard/column',
    access: operatorAccess.dashboard,
    summary: '运营：数据看板 直播观看',
    description: cached,
    query: dashboardQuerySchema,
    response: dashboardColumnResultSchema,
  },
});
