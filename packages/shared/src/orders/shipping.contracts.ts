import { z } from 'zod';
import { defineContracts, fileField } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  labelsQuerySchema,
  logisticsSchema,
  sendGoodBodySchema,
  sendListApplyBodySchema,
  sendListApplyResultSchema,
  sendListPreviewSchema,
  sfSendGoodBodySchema,
  shipmentSchema,
  shippingCouriersSchema,
  trackingEventBodySchema,
  trackingEventSchema,
} from './shipping.schema';

// The package index exports this file; the schemas and the shared courier detection travel with it.
export * from './courier-detect';
export * from './shipping.schema';

const access = { pharmacy: 'order_read_pharmacy' } as const;

const shipRules =
  'Ships through the state machine (pending_shipment → shipped) in the same transaction as the shipment row: an order in another state (shipped by a concurrent request) answers 409 and nothing is written. Another pharmacy’s order answers 404 like a missing one.';

/** Shipping: send goods, batch send, SF waybills and labels, tracking. */
export const shippingContracts = defineContracts('orders_shipping', {
  couriers: {
    method: 'GET',
    path: '/orders/pharmacy/shipping/couriers',
    access,
    summary: '发货可选快递公司（本药房的快递在前）',
    response: shippingCouriersSchema,
  },
  sendGood: {
    method: 'POST',
    path: '/orders/pharmacy/:id/send_good',
    access,
    summary: '发货（填写运单号；未选快递公司时按运单号前缀识别）',
    description: shipRules,
    params: idParamSchema,
    body: sendGoodBodySchema,
    response: shipmentSchema,
  },
  sfSendGood: {
    method: 'POST',
    path: '/orders/pharmacy/:id/sf_send_good',
    access,
    summary: '顺丰下单发货（生成顺丰运单号与面单）',
    description: `Creates the SF shipment through the SF interface (the built-in sandbox issues SF + 13 digits) with the pharmacy's SF courier as sender and its account as 月结卡号; a pharmacy without one is refused (400). ${shipRules}`,
    params: idParamSchema,
    body: sfSendGoodBodySchema,
    response: shipmentSchema,
  },
  label: {
    method: 'GET',
    path: '/orders/pharmacy/:id/label',
    kind: 'file',
    access,
    summary: '打印顺丰面单（100 × 150 mm PDF）',
    description: 'An order without an SF waybill answers 400.',
    params: idParamSchema,
  },
  labels: {
    method: 'GET',
    path: '/orders/pharmacy/shipping/labels',
    kind: 'file',
    access,
    summary: '批量打印顺丰面单（一个 PDF，每单一页）',
    description: 'ids: order ids, comma-separated, at most 100; orders without an SF waybill are named in a 400.',
    query: labelsQuerySchema,
  },
  sendListTemplate: {
    method: 'GET',
    path: '/orders/pharmacy/send_list/template',
    kind: 'file',
    access,
    summary: '下载批量发货模板（xlsx）',
  },
  sendListPreview: {
    method: 'POST',
    path: '/orders/pharmacy/send_list/preview',
    multipart: true,
    access,
    summary: '上传批量发货文件并逐行校验（xlsx / csv，最多 500 行；不发货）',
    body: z.object({ file: fileField() }),
    response: sendListPreviewSchema,
  },
  sendList: {
    method: 'POST',
    path: '/orders/pharmacy/send_list',
    access,
    summary: '批量发货（有效行逐单发货，返回每行结果）',
    description: `Each row is checked again and shipped in its own transaction; a row that fails (another state, another pharmacy's or unknown order) is reported and the others still ship. ${shipRules}`,
    body: sendListApplyBodySchema,
    response: sendListApplyResultSchema,
  },
  logistics: {
    method: 'GET',
    path: '/orders/pharmacy/:id/logistics',
    access,
    summary: '物流轨迹',
    params: idParamSchema,
    response: logisticsSchema,
  },
  addTrackingEvent: {
    method: 'POST',
    path: '/orders/pharmacy/:id/logistics',
    access,
    summary: '添加物流动态（时间、描述、地点）',
    description: 'The built-in tracking provider keeps the events staff enter; an order not shipped answers 400.',
    params: idParamSchema,
    body: trackingEventBodySchema,
    response: trackingEventSchema,
  },
});
