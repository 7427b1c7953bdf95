import {
  type CourierCode,
  courierCodeList,
  courierFromText,
  courierNames,
  detectCourierCode,
  type Logistics,
  normalizeTrackingNo,
  orderStatusLabels,
  SEND_LIST_MAX_ROWS,
  type SendListApplyBody,
  type SendListApplyResult,
  type SendListPreview,
  type SendListRow,
  type SfSendGoodBody,
  type SfWaybill,
  type Shipment,
  type ShippingCouriers,
  sendListRowErrors,
  TRACKING_NO_PATTERN,
  type TrackingEvent,
  type TrackingEventBody,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { CourierTrackingProvider } from '../../lib/courier-tracking';
import { transitionOrder } from '../../lib/order-state';
import { SfExpressError, type SfExpressProvider } from '../../lib/sf-express';
import { ImportFileError, type ImportFormat, readRecords, type SheetColumn } from '../../lib/spreadsheet-import/index';
import { type LabelData, labelReceiverPhone, renderLabels } from './sf-label';
import type { CourierRow, ExpressRow, ShippingOrderRow, ShippingRepository } from './shipping.repository';

/** Who is shipping: the pharmacy the access guard checked and the signed-in staff member. */
export interface ShippingCaller {
  pharmacyId: number;
  accountId: number;
}

const orderNotFound = () => AppError.notFound('订单不存在或已删除', 'Order not found');
const notShippable = (o: ShippingOrderRow) =>
  AppError.conflict(`订单${orderStatusLabels[o.status]}，不能发货`, `Order ${o.id} is ${o.status}`);

/** The batch upload's columns (订单号, 运单号, optional 快递公司) and the header names they go by. */
export const sendListColumns: readonly SheetColumn<'order_no' | 'tracking_no' | 'courier'>[] = [
  { key: 'order_no', label: '订单号', required: true },
  { key: 'tracking_no', label: '运单号', required: true },
  { key: 'courier', label: '快递公司', required: false },
];
const sendListAliases = {
  订单号: 'order_no',
  订单编号: 'order_no',
  运单号: 'tracking_no',
  快递单号: 'tracking_no',
  物流单号: 'tracking_no',
  快递公司: 'courier',
  快递: 'courier',
  物流公司: 'courier',
} as const;

/** "布洛芬缓释胶囊 0.3g*20粒 ×2，维生素C片 ×1 等 3 件" */
export function itemsSummary(items: { name: string; spec: string; qty: number }[], max = 3): string {
  if (items.length === 0) return '药品';
  const head = items.slice(0, max).map((i) => `${i.name}${i.spec ? ` ${i.spec}` : ''} ×${i.qty}`);
  const count = items.reduce((n, i) => n + i.qty, 0);
  return items.length > max ? `${head.join('，')} 等 ${count} 件` : head.join('，');
}

const fullAddress = (p: { province: string; city: string; district: string; detail: string }) =>
  [p.province, p.city === p.province ? '' : p.city, p.district, p.detail].filter(Boolean).join('');

/**
 * Shipping (docs/orders.md "Shipping"): every ship is `transitionOrder(…, 'ship')` and the shipment row in one
 * transaction, so a second ship of an order is a 409 that writes nothing.
 */
export class ShippingService {
  constructor(
    private readonly repo: ShippingRepository,
    private readonly sf: SfExpressProvider,
    private readonly tracking: CourierTrackingProvider,
  ) {}

  private async companyName(code: string, names?: Map<string, string>): Promise<string> {
    const published = names ?? (await this.repo.companyNames());
    return published.get(code) ?? courierNames[code as CourierCode] ?? code;
  }

  async couriers(pharmacyId: number): Promise<ShippingCouriers> {
    const [own, names] = await Promise.all([this.repo.couriers(pharmacyId), this.repo.companyNames()]);
    const seen = new Set<string>();
    const list: ShippingCouriers['list'] = [];
    for (const c of own) {
      if (seen.has(c.courier_code) || !(courierCodeList as readonly string[]).includes(c.courier_code)) continue;
      seen.add(c.courier_code);
      list.push({
        code: c.courier_code as CourierCode,
        name: names.get(c.courier_code) ?? c.company_name,
        own: true,
        is_default: c.is_default,
      });
    }
    for (const code of courierCodeList) {
      if (!seen.has(code))
        list.push({ code, name: names.get(code) ?? courierNames[code], own: false, is_default: false });
    }
    return { list, has_sf: own.some((c) => c.courier_code === 'SF' && c.account_no !== '') };
  }

  /** Ships in one transaction: the guarded transition, then the shipment row. */
  private async ship(
    caller: ShippingCaller,
    orderId: number,
    express: {
      courierCode: string;
      companyName: string;
      trackingNo: string;
      source: 'manual' | 'batch' | 'sf';
      waybill: unknown;
    },
  ): Promise<{ order: { id: number; orderNo: string }; row: ExpressRow }> {
    return this.repo.transaction(async (tx) => {
      const moved = await transitionOrder(tx, orderId, 'ship', { pharmacyId: caller.pharmacyId });
      const row = await this.repo.insertExpress(tx, {
        orderId,
        pharmacyId: caller.pharmacyId,
        courierCode: express.courierCode,
        companyName: express.companyName,
        trackingNo: express.trackingNo,
        source: express.source,
        waybillData: express.waybill,
        createdBy: caller.accountId,
      });
      return { order: { id: moved.id, orderNo: moved.orderNo }, row };
    });
  }

  private toShipment(orderNo: string, row: ExpressRow, status: Shipment['status'] = 'shipped'): Shipment {
    const w = row.waybill_data;
    return {
      id: row.id,
      order_id: row.order_id,
      order_no: orderNo,
      status,
      courier_code: row.courier_code,
      company_name: row.company_name,
      tracking_no: row.tracking_no,
      source: row.source,
      shipped_at: new Date(row.shipped_at).toISOString(),
      waybill: w
        ? {
            waybill_no: w.waybill_no,
            origin_code: w.origin_code,
            dest_code: w.dest_code,
            product_name: w.product_name,
            monthly_account: w.monthly_account,
            provider: w.provider,
          }
        : null,
    };
  }

  async sendGood(
    caller: ShippingCaller,
    orderId: number,
    body: { courier_code?: CourierCode; tracking_no: string },
  ): Promise<Shipment> {
    const order = await this.repo.order(caller.pharmacyId, orderId);
    if (!order) throw orderNotFound();
    const code = body.courier_code ?? detectCourierCode(body.tracking_no);
    if (!code) throw AppError.badParams('courier_code', '无法从运单号识别快递公司，请选择快递公司');
    const { order: moved, row } = await this.ship(caller, orderId, {
      courierCode: code,
      companyName: await this.companyName(code),
      trackingNo: body.tracking_no,
      source: 'manual',
      waybill: null,
    });
    return this.toShipment(moved.orderNo, row);
  }

  private sfCourier(couriers: CourierRow[]): CourierRow {
    const sf = couriers.find((c) => c.courier_code === 'SF');
    if (!sf) {
      throw AppError.callerHandles(
        '本药房尚未添加顺丰快递，请先在「快递管理」中添加顺丰月结账号和寄件人信息',
        'No SF courier',
      );
    }
    if (!sf.account_no) {
      throw AppError.callerHandles('本药房的顺丰快递未填写月结卡号，请先在「快递管理」中补充', 'No SF account');
    }
    if (!sf.sender_name || !sf.sender_phone || !sf.sender_address) {
      throw AppError.callerHandles('本药房的顺丰快递寄件人信息不完整，请先在「快递管理」中补充', 'No SF sender');
    }
    return sf;
  }

  async sfSendGood(caller: ShippingCaller, orderId: number, body: SfSendGoodBody): Promise<Shipment> {
    const order = await this.repo.order(caller.pharmacyId, orderId);
    if (!order) throw orderNotFound();
    // refused before a waybill is taken (the transition checks again under its lock)
    if (order.status !== 'pending_shipment') throw notShippable(order);
    const sf = this.sfCourier(await this.repo.couriers(caller.pharmacyId));
    const items = (await this.repo.items([orderId])).get(orderId) ?? [];
    const cargo = body.cargo || items[0]?.name || '药品';
    const sender = {
      name: sf.sender_name,
      phone: sf.sender_phone,
      province: sf.sender_province,
      city: sf.sender_city,
      district: sf.sender_district,
      address: sf.sender_address,
    };
    const receiver = {
      name: order.receiver_name,
      phone: order.receiver_phone,
      province: order.province,
      city: order.city,
      district: order.district,
      address: order.address_detail,
    };
    let created: Awaited<ReturnType<SfExpressProvider['createOrder']>>;
    try {
      created = await this.sf.createOrder({
        orderNo: order.order_no,
        monthlyAccount: sf.account_no,
        sender,
        receiver,
        cargo: { name: cargo, count: items.reduce((n, i) => n + i.qty, 0) || 1, remark: body.remark },
      });
    } catch (err) {
      if (err instanceof SfExpressError)
        throw AppError.callerHandles(`顺丰下单失败：${err.message}`, 'SF order failed');
      throw err;
    }
    const waybill: SfWaybill & Record<string, unknown> = {
      waybill_no: created.waybillNo,
      origin_code: created.originCode,
      dest_code: created.destCode,
      product_name: created.productName,
      monthly_account: sf.account_no,
      provider: created.provider,
      sender: { name: sender.name, phone: sender.phone, address: fullAddress({ ...sender, detail: sender.address }) },
      items: itemsSummary(items),
      cargo,
      remark: body.remark ?? '',
    };
    try {
      const { order: moved, row } = await this.ship(caller, orderId, {
        courierCode: 'SF',
        companyName: await this.companyName('SF'),
        trackingNo: created.waybillNo,
        source: 'sf',
        waybill,
      });
      return this.toShipment(moved.orderNo, row);
    } catch (err) {
      // shipped by a concurrent request meanwhile (409) or any failure: the waybill is not used
      await this.sf.cancelOrder(created.waybillNo).catch(() => undefined);
      throw err;
    }
  }

  /** One PDF with a label per order (in the order asked); orders without an SF waybill are refused by number. */
  async labels(pharmacyId: number, ids: number[]): Promise<{ pdf: Buffer; fileName: string }> {
    const orders = await this.repo.ordersByIds(pharmacyId, ids);
    const byId = new Map(orders.map((o) => [o.id, o]));
    if (ids.length === 1 && !byId.has(ids[0])) throw orderNotFound();
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length > 0) throw AppError.notFound(`有 ${missing.length} 个订单不存在或已删除`, 'Orders not found');
    const express = await this.repo.latestExpress(pharmacyId, ids);
    const withoutWaybill = ids.filter((id) => {
      const e = express.get(id);
      return e?.source !== 'sf' || !e.waybill_data;
    });
    if (withoutWaybill.length > 0) {
      const nos = withoutWaybill.slice(0, 5).map((id) => byId.get(id)!.order_no);
      throw AppError.callerHandles(
        `${withoutWaybill.length === ids.length && ids.length === 1 ? '该订单' : `订单 ${nos.join('、')}${withoutWaybill.length > 5 ? ` 等 ${withoutWaybill.length} 个` : ''}`}没有顺丰电子面单，请先使用「顺丰发货」`,
        'Orders without SF waybill',
      );
    }
    const items = await this.repo.items(ids);
    const labels: LabelData[] = ids.map((id) => {
      const o = byId.get(id)!;
      const e = express.get(id)!;
      const w = e.waybill_data!;
      const sender = (w.sender ?? {}) as { name?: string; phone?: string; address?: string };
      return {
        waybillNo: e.tracking_no,
        originCode: w.origin_code,
        destCode: w.dest_code,
        productName: w.product_name,
        monthlyAccount: w.monthly_account,
        orderNo: o.order_no,
        sender: { name: sender.name ?? '', phone: sender.phone ?? '', address: sender.address ?? '' },
        receiver: {
          name: o.receiver_name,
          phone: labelReceiverPhone(o.receiver_phone),
          address: fullAddress({ ...o, detail: o.address_detail }),
        },
        items: w.items ?? itemsSummary(items.get(id) ?? []),
        remark: w.remark ?? '',
        shippedAt: new Date(e.shipped_at),
      };
    });
    const pdf = await renderLabels(labels);
    const fileName = ids.length === 1 ? `顺丰面单_${labels[0].waybillNo}.pdf` : `顺丰面单_${labels.length}张.pdf`;
    return { pdf, fileName };
  }

  // ── send-list ──

  /** Checks every row of an uploaded file against this pharmacy's orders; ships nothing. */
  async previewSendList(
    pharmacyId: number,
    file: string,
    format: ImportFormat,
    fileName: string,
  ): Promise<SendListPreview> {
    const raw: { row: number; order_no: string; tracking_no: string; courier: string }[] = [];
    for await (const { row, record } of readRecords(file, format, {
      columns: sendListColumns,
      aliases: sendListAliases,
      maxRows: SEND_LIST_MAX_ROWS,
    })) {
      raw.push({ row, order_no: record.order_no.trim(), tracking_no: record.tracking_no, courier: record.courier });
    }
    if (raw.length === 0) throw new ImportFileError('文件中没有数据行，请按模板填写后上传');
    const orders = await this.repo.ordersByNo(pharmacyId, [
      ...new Set(raw.map((r) => r.order_no).filter((n) => n !== '' && n.length <= 32)),
    ]);
    const byNo = new Map(orders.map((o) => [o.order_no, o]));
    const names = await this.repo.companyNames();
    const seen = new Set<string>();
    const rows: SendListRow[] = raw.map((r) => {
      const errors: string[] = [];
      const trackingNo = normalizeTrackingNo(r.tracking_no);
      let order: ShippingOrderRow | undefined;
      if (r.order_no === '') errors.push(sendListRowErrors.order_no_missing);
      else if (seen.has(r.order_no)) errors.push(sendListRowErrors.duplicate_row);
      else {
        seen.add(r.order_no);
        order = byNo.get(r.order_no);
        // another pharmacy's order reads like a missing one
        if (!order) errors.push('订单不存在或不属于本药房');
        else if (order.status !== 'pending_shipment') {
          errors.push(`${sendListRowErrors.not_pending_shipment}（当前：${orderStatusLabels[order.status]}）`);
        }
      }
      if (trackingNo === '') errors.push(sendListRowErrors.tracking_no_missing);
      else if (!TRACKING_NO_PATTERN.test(trackingNo)) errors.push(sendListRowErrors.bad_tracking_no);
      let code: CourierCode | null = null;
      if (r.courier.trim() !== '') {
        code = courierFromText(r.courier);
        if (!code) errors.push(`${sendListRowErrors.unknown_courier}：${r.courier.trim().slice(0, 20)}`);
      } else if (TRACKING_NO_PATTERN.test(trackingNo)) {
        code = detectCourierCode(trackingNo);
        if (!code) errors.push(sendListRowErrors.undetectable_courier);
      }
      return {
        row: r.row,
        order_no: r.order_no,
        tracking_no: trackingNo,
        courier_code: code ?? '',
        company_name: code ? (names.get(code) ?? courierNames[code]) : '',
        order_id: order?.id ?? null,
        errors,
      };
    });
    const valid = rows.filter((r) => r.errors.length === 0).length;
    return { file_name: fileName, total: rows.length, valid, invalid: rows.length - valid, rows };
  }

  /** Ships each row in its own transaction (checked again there); reports every row's outcome. */
  async applySendList(caller: ShippingCaller, body: SendListApplyBody): Promise<SendListApplyResult> {
    const rows = body.rows as { row: number; order_no: string; tracking_no: string; courier_code: CourierCode }[];
    const orders = await this.repo.ordersByNo(caller.pharmacyId, [...new Set(rows.map((r) => r.order_no))]);
    const byNo = new Map(orders.map((o) => [o.order_no, o]));
    const names = await this.repo.companyNames();
    const seen = new Set<string>();
    const results: SendListApplyResult['results'] = [];
    for (const r of rows) {
      const order = byNo.get(r.order_no);
      if (seen.has(r.order_no)) {
        results.push({ row: r.row, order_no: r.order_no, ok: false, message: sendListRowErrors.duplicate_row });
        continue;
      }
      seen.add(r.order_no);
      if (!order) {
        results.push({ row: r.row, order_no: r.order_no, ok: false, message: '订单不存在或不属于本药房' });
        continue;
      }
      try {
        await this.ship(caller, order.id, {
          courierCode: r.courier_code,
          companyName: names.get(r.courier_code) ?? courierNames[r.courier_code],
          trackingNo: r.tracking_no,
          source: 'batch',
          waybill: null,
        });
        results.push({ row: r.row, order_no: r.order_no, ok: true, message: '已发货' });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ row: r.row, order_no: r.order_no, ok: false, message: err.msg });
      }
    }
    const applied = results.filter((r) => r.ok).length;
    return { applied, failed: results.length - applied, results };
  }

  // ── logistics ──

  private firstEvent(row: ExpressRow): TrackingEvent {
    return {
      id: null,
      occurred_at: new Date(row.shipped_at).toISOString(),
      description: `商家已发货，${row.company_name} 运单号 ${row.tracking_no}`,
      location: '',
    };
  }

  async logistics(pharmacyId: number, orderId: number): Promise<Logistics> {
    const order = await this.repo.order(pharmacyId, orderId);
    if (!order) throw orderNotFound();
    const row = (await this.repo.latestExpress(pharmacyId, [orderId])).get(orderId);
    if (!row) return { order_id: order.id, order_no: order.order_no, status: order.status, shipment: null, events: [] };
    const stored = await this.tracking.events({
      expressId: row.id,
      courierCode: row.courier_code,
      trackingNo: row.tracking_no,
    });
    const events: TrackingEvent[] = [
      this.firstEvent(row),
      ...stored.map((e) => ({
        id: e.id,
        occurred_at: e.occurredAt.toISOString(),
        description: e.description,
        location: e.location,
      })),
    ];
    return {
      order_id: order.id,
      order_no: order.order_no,
      status: order.status,
      shipment: this.toShipment(order.order_no, row, order.status),
      events: events.reverse(),
    };
  }

  async addTrackingEvent(caller: ShippingCaller, orderId: number, body: TrackingEventBody): Promise<TrackingEvent> {
    const order = await this.repo.order(caller.pharmacyId, orderId);
    if (!order) throw orderNotFound();
    const row = (await this.repo.latestExpress(caller.pharmacyId, [orderId])).get(orderId);
    if (!row) throw AppError.callerHandles('订单尚未发货，不能添加物流动态', 'Order not shipped');
    if (!this.tracking.addEvent) throw AppError.callerHandles('当前物流接口不支持手动添加动态', 'Read-only tracking');
    const at = new Date(body.occurred_at);
    if (at.getTime() > Date.now() + 5 * 60_000) throw AppError.badParams('occurred_at', '时间不能晚于现在');
    if (at.getTime() < new Date(row.shipped_at).getTime() - 60_000) {
      throw AppError.badParams('occurred_at', '时间不能早于发货时间');
    }
    const e = await this.tracking.addEvent(row.id, {
      occurredAt: at,
      description: body.description ?? '',
      location: body.location ?? '',
      createdBy: caller.accountId,
    });
    return { id: e.id, occurred_at: e.occurredAt.toISOString(), description: e.description, location: e.location };
  }
}
