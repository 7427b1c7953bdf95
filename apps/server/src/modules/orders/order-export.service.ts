import {
  type CourierCode,
  courierNames,
  EXPORT_MAX_ROWS,
  exportMessages,
  maskPhone,
  ORDER_EXPORT_PREFIX,
  type OrderFilter,
  orderExportHeaders,
  orderKindLabels,
  orderStatusLabels,
  payMethodLabels,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { type ExportColumn, exportFileName, type SpreadsheetSpec } from '../../lib/spreadsheet-export';
import type { ExportOrderRow, ExportScope, OrderExportRepository } from './order-export.repository';

const time = (t: string | null) => t ?? '';
const phone = (p: string) => String(maskPhone(p));

type Col = Omit<ExportColumn<ExportOrderRow>, 'header'>;
/** The columns by header (orderExportHeaders gives their order and names). */
const byHeader: Record<(typeof orderExportHeaders)[number], Col> = {
  订单号: { width: 22, type: 'text', value: (r) => r.order_no },
  下单时间: { width: 20, value: (r) => time(r.created_at) },
  订单状态: { width: 10, value: (r) => orderStatusLabels[r.status] },
  订单类型: { width: 12, value: (r) => orderKindLabels[r.kind] },
  店铺: { width: 20, value: (r) => r.pharmacy_name },
  买家手机: { width: 14, value: (r) => phone(r.buyer_phone) },
  患者: { width: 10, value: (r) => r.patient_name },
  收货人: { width: 10, value: (r) => r.receiver_name },
  收货电话: { width: 14, value: (r) => phone(r.receiver_phone) },
  收货地址: { width: 40, value: (r) => r.address },
  商品: { width: 40, value: (r) => r.items_text },
  商品件数: { width: 10, type: 'integer', value: (r) => r.item_qty ?? 0 },
  商品金额: { width: 12, type: 'money', value: (r) => r.goods_amount },
  运费: { width: 10, type: 'money', value: (r) => r.freight },
  优惠: { width: 10, type: 'money', value: (r) => r.discount },
  实付金额: { width: 12, type: 'money', value: (r) => r.pay_amount },
  支付方式: { width: 10, value: (r) => (r.pay_method ? (payMethodLabels[r.pay_method] ?? r.pay_method) : '') },
  支付时间: { width: 20, value: (r) => time(r.paid_at) },
  快递公司: {
    width: 12,
    value: (r) =>
      r.company_name || (r.courier_code ? (courierNames[r.courier_code as CourierCode] ?? r.courier_code) : ''),
  },
  运单号: { width: 20, type: 'text', value: (r) => r.tracking_no },
  发货时间: { width: 20, value: (r) => time(r.shipped_at) },
  完成时间: { width: 20, value: (r) => time(r.completed_at) },
  取消时间: { width: 20, value: (r) => time(r.cancelled_at) },
  取消原因: { width: 20, value: (r) => r.cancel_reason },
  买家备注: { width: 20, value: (r) => r.buyer_remark },
};

export const orderExportColumns: ExportColumn<ExportOrderRow>[] = orderExportHeaders.map((header) => ({
  header,
  ...byHeader[header],
}));

export class OrderExportService {
  constructor(private readonly repo: OrderExportRepository) {}

  /** The export's name, its row count (sent before the body) and the sheet read in keyset batches. */
  async exportSheet(
    scope: ExportScope,
    f: OrderFilter,
  ): Promise<{ name: string; total: number; spec: SpreadsheetSpec<ExportOrderRow> }> {
    const total = await this.repo.count(scope, f);
    if (total > EXPORT_MAX_ROWS) throw AppError.callerHandles(exportMessages.tooMany(total), 'Export too large');
    return {
      name: exportFileName(ORDER_EXPORT_PREFIX, shanghaiToday()),
      total,
      spec: { sheetName: '订单', columns: orderExportColumns, batches: this.repo.batches(scope, f) },
    };
  }
}
