import {
  add,
  type FinanceDetail,
  type FinanceFilter,
  type FinanceListQuery,
  type FinanceStatistics,
  financeMessages,
  formatMoney,
  formatShanghaiDateTime,
  maskPhone,
  multiply,
  orderStatusLabels,
  type PageResult,
  payMethodLabels,
  type SettlementRow,
  settlementStatusLabels,
  subtract,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { ExportColumn, SpreadsheetSpec } from '../../lib/spreadsheet-export';
import type { FinanceRepository, SettlementDbRow } from './finance.repository';

const time = (t: string | null) => (t ? (formatShanghaiDateTime(t, { seconds: true }) ?? '') : '');
const percent = (rate: string) => `${formatMoney(multiply(rate, 100))}%`;

/** The finance export's columns (财务对账-YYYYMMDD.xls). */
export const financeExportColumns: ExportColumn<SettlementDbRow>[] = [
  { header: '订单号', width: 22, type: 'text', value: (r) => r.order_no },
  { header: '订单状态', width: 10, value: (r) => orderStatusLabels[r.order_status] },
  { header: '患者', width: 10, value: (r) => r.patient_name },
  { header: '结算状态', width: 10, value: (r) => settlementStatusLabels[r.status] },
  { header: '支付时间', width: 20, value: (r) => time(r.paid_at) },
  { header: '实收金额', width: 12, type: 'money', value: (r) => r.pay_amount },
  { header: '服务费率', width: 10, value: (r) => percent(r.fee_rate) },
  { header: '平台服务费', width: 12, type: 'money', value: (r) => r.platform_fee },
  { header: '结算金额', width: 12, type: 'money', value: (r) => r.settle_amount },
  { header: '退款金额', width: 12, type: 'money', value: (r) => r.refund_amount },
  { header: '结算时间', width: 20, value: (r) => time(r.settled_at) },
  { header: '退款时间', width: 20, value: (r) => time(r.refunded_at) },
];

export class FinanceService {
  constructor(private readonly repo: FinanceRepository) {}

  async list(pharmacyId: number, q: FinanceListQuery): Promise<PageResult<SettlementRow>> {
    const { rows, total } = await this.repo.page(pharmacyId, q, q.page_size, (q.page - 1) * q.page_size);
    return { list: rows, total, page: q.page, page_size: q.page_size };
  }

  statistics(pharmacyId: number, f: FinanceFilter): Promise<FinanceStatistics> {
    return this.repo.statistics(pharmacyId, f);
  }

  /** The export: its row count (sent first) and the sheet, read in keyset batches as the client takes it. */
  async exportSheet(
    pharmacyId: number,
    f: FinanceFilter,
  ): Promise<{ total: number; spec: SpreadsheetSpec<SettlementDbRow> }> {
    const total = await this.repo.count(pharmacyId, f);
    return {
      total,
      spec: { sheetName: '财务对账', columns: financeExportColumns, batches: this.repo.batches(pharmacyId, f) },
    };
  }

  async detail(pharmacyId: number, orderId: number): Promise<FinanceDetail> {
    const found = await this.repo.detail(pharmacyId, orderId);
    if (!found) throw AppError.notFound(financeMessages.notFound, `No settlement of order ${orderId}`);
    const { row, items, payments } = found;
    const order = {
      id: row.o_id,
      order_no: row.o_order_no,
      status: row.o_status,
      kind: row.o_kind,
      patient_name: row.o_patient_name,
      receiver_name: row.o_receiver_name,
      receiver_phone: String(maskPhone(row.o_receiver_phone)),
      address: row.o_address,
      pay_method: payMethodLabels[row.o_pay_method] ?? row.o_pay_method,
      goods_amount: row.o_goods_amount,
      freight: row.o_freight,
      discount: row.o_discount,
      pay_amount: row.o_pay_amount,
      cancel_reason: row.o_cancel_reason,
      created_at: row.o_created_at,
      paid_at: row.o_paid_at,
      shipped_at: row.o_shipped_at,
      completed_at: row.o_completed_at,
      cancelled_at: row.o_cancelled_at,
      items,
    };
    const settlement = {
      id: row.id,
      order_id: row.order_id,
      status: row.status,
      pay_amount: row.pay_amount,
      fee_rate: row.fee_rate,
      platform_fee: row.platform_fee,
      settle_amount: row.settle_amount,
      refund_amount: row.refund_amount,
      paid_at: row.paid_at,
      settled_at: row.settled_at,
      refunded_at: row.refunded_at,
    };
    return { order, settlement, payments, checks: moneyChecks(order, settlement) };
  }
}

const same = (a: string, b: string) => formatMoney(a) === formatMoney(b);

/** Every figure of the breakdown recomputed from its parts with exact decimals. */
export function moneyChecks(
  order: Pick<FinanceDetail['order'], 'goods_amount' | 'freight' | 'discount' | 'pay_amount' | 'status' | 'items'>,
  s: Pick<
    FinanceDetail['settlement'],
    'pay_amount' | 'fee_rate' | 'platform_fee' | 'settle_amount' | 'refund_amount' | 'status'
  >,
): FinanceDetail['checks'] {
  let goods = '0';
  let linesOk = true;
  for (const i of order.items) {
    goods = add(goods, i.subtotal);
    if (!same(multiply(i.price, i.qty), i.subtotal)) linesOk = false;
  }
  return {
    lines: linesOk && same(goods, order.goods_amount),
    total: same(subtract(add(order.goods_amount, order.freight), order.discount), order.pay_amount),
    settlement_pay: same(s.pay_amount, order.pay_amount),
    fee:
      same(formatMoney(multiply(s.pay_amount, s.fee_rate)), s.platform_fee) &&
      same(add(s.platform_fee, s.settle_amount), s.pay_amount),
    refund:
      s.status === 'refunded'
        ? same(s.refund_amount, s.pay_amount) && order.status === 'cancelled'
        : same(s.refund_amount, '0'),
  };
}
