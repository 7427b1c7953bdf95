/**
 * The order export (docs/orders.md "Export"): the order list's filter (orderFilterSchema) streamed as a spreadsheet
 * named 订单导出-YYYYMMDD.xls. The columns, in order, as the file's header row reads them.
 */
export const orderExportHeaders = [
  '订单号',
  '下单时间',
  '订单状态',
  '订单类型',
  '店铺',
  '买家手机',
  '患者',
  '收货人',
  '收货电话',
  '收货地址',
  '商品',
  '商品件数',
  '商品金额',
  '运费',
  '优惠',
  '实付金额',
  '支付方式',
  '支付时间',
  '快递公司',
  '运单号',
  '发货时间',
  '完成时间',
  '取消时间',
  '取消原因',
  '买家备注',
] as const;

export const ORDER_EXPORT_PREFIX = '订单导出';
export const FINANCE_EXPORT_PREFIX = '财务对账';

/** The most rows one export writes; a larger result asks for a narrower filter. */
export const EXPORT_MAX_ROWS = 1_000_000;
export const exportMessages = {
  tooMany: (n: number) => `导出结果共 ${n} 条，超过 ${EXPORT_MAX_ROWS} 条上限，请缩小筛选范围`,
} as const;
