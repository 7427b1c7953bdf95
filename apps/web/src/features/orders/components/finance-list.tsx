import {
  type FinanceFilter,
  type FinanceListQuery,
  type FinanceTab,
  financeListQuerySchema,
  formatShanghaiDateTime,
  multiply,
  type SettlementRow,
  settlementStatusLabels,
} from '@pharmacy/shared';
import { Card, DatePicker, Flex, Input, Radio, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ListPage, useListPage } from '../../../components/list-page';
import { usePermission } from '../../../components/permission-gate';
import { exportFinance } from '../api/finance-export';
import { useSettlements } from '../api/finance-list';
import { useFinanceStatistics } from '../api/finance-statistics';
import { formatYuan } from './census-format';
import { ExportProgressButton } from './export/export-progress-button';
import { FinanceStatisticsCards } from './finance-statistics-cards';
import { FinanceStatusTag } from './finance-status-tag';
import { OrderStatusTag } from './order-status-tag';

export const FINANCE_DETAIL_PATH = '/pharmacy/finance/orderDetail';
const time = (t: string | null) => (t ? (formatShanghaiDateTime(t) ?? '-') : '-');
const money = (v: string) => formatYuan(v);
const ratePercent = (rate: string) => `${Number(multiply(rate, 100)).toFixed(2)}%`;

const nowrap = { style: { whiteSpace: 'nowrap' as const } };
const columns: ColumnsType<SettlementRow> = (
  [
    {
      key: 'order_no',
      title: '订单号',
      dataIndex: 'order_no',
      render: (no: string, row) => <Link to={`${FINANCE_DETAIL_PATH}?id=${row.order_id}`}>{no}</Link>,
    },
    { key: 'patient_name', title: '患者', dataIndex: 'patient_name', render: (n: string) => n || '-' },
    {
      key: 'order_status',
      title: '订单状态',
      dataIndex: 'order_status',
      render: (s: SettlementRow['order_status']) => <OrderStatusTag status={s} />,
    },
    {
      key: 'status',
      title: '结算状态',
      dataIndex: 'status',
      render: (s: SettlementRow['status']) => <FinanceStatusTag status={s} />,
    },
    { key: 'pay_amount', title: '实收金额', dataIndex: 'pay_amount', align: 'right', render: money },
    { key: 'fee_rate', title: '费率', dataIndex: 'fee_rate', align: 'right', render: ratePercent },
    { key: 'platform_fee', title: '平台服务费', dataIndex: 'platform_fee', align: 'right', render: money },
    { key: 'settle_amount', title: '结算金额', dataIndex: 'settle_amount', align: 'right', render: money },
    {
      key: 'refund_amount',
      title: '退款金额',
      dataIndex: 'refund_amount',
      align: 'right',
      render: (v: string) => (Number(v) === 0 ? <Typography.Text type="secondary">-</Typography.Text> : money(v)),
    },
    { key: 'paid_at', title: '支付时间', dataIndex: 'paid_at', render: time },
    {
      key: 'closed_at',
      title: '结算/退款时间',
      render: (_: unknown, r) => time(r.status === 'refunded' ? r.refunded_at : r.settled_at),
    },
  ] as ColumnsType<SettlementRow>
).map((c) => ({ ...c, onCell: () => nowrap, onHeaderCell: () => nowrap }));

const tabOptions = (['all', 'pending', 'settled', 'refunded'] as FinanceTab[]).map((t) => ({
  value: t,
  label: t === 'all' ? '全部' : settlementStatusLabels[t],
}));

/** 财务对账: the filter (status, paid dates, order number), the statistics of that filter, the list, 导出. */
export function FinanceList() {
  const list = useListPage({ querySchema: financeListQuerySchema });
  const query = list.query as FinanceListQuery;
  const filter: FinanceFilter = {
    status: query.status,
    order_no: query.order_no,
    date_from: query.date_from,
    date_to: query.date_to,
  };
  const { data, isFetching } = useSettlements(query);
  const stats = useFinanceStatistics(filter);
  const can = usePermission();
  const [orderNo, setOrderNo] = useState(query.order_no ?? '');
  useEffect(() => setOrderNo(query.order_no ?? ''), [query.order_no]);

  const dates: [Dayjs | null, Dayjs | null] = [
    query.date_from ? dayjs(query.date_from) : null,
    query.date_to ? dayjs(query.date_to) : null,
  ];

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex wrap gap={16} align="center">
          <Radio.Group
            aria-label="结算状态"
            optionType="button"
            buttonStyle="solid"
            options={tabOptions}
            value={query.status}
            onChange={(e) => list.setQuery({ status: e.target.value })}
          />
          <Flex align="center" gap={8}>
            <Typography.Text>支付日期</Typography.Text>
            <DatePicker.RangePicker
              aria-label="支付日期"
              allowEmpty={[true, true]}
              value={dates}
              placeholder={['开始日期', '结束日期']}
              onChange={(v) =>
                list.setQuery({
                  date_from: v?.[0] ? v[0].format('YYYY-MM-DD') : undefined,
                  date_to: v?.[1] ? v[1].format('YYYY-MM-DD') : undefined,
                })
              }
            />
          </Flex>
          <Input.Search
            aria-label="订单号"
            allowClear
            placeholder="订单号"
            maxLength={32}
            style={{ width: 240 }}
            value={orderNo}
            onChange={(e) => setOrderNo(e.target.value)}
            onSearch={(v) => list.setQuery({ order_no: v.trim() || undefined })}
            enterButton="查询"
          />
        </Flex>
      </Card>
      <FinanceStatisticsCards stats={stats.data} />
      <ListPage<SettlementRow, FinanceListQuery>
        label="结算列表"
        list={list}
        scope="pharmacy"
        toolbar={
          <>
            {can('finance') ? (
              <ExportProgressButton
                noun="结算记录"
                run={(onProgress, signal) => exportFinance(filter, onProgress, signal)}
              />
            ) : null}
            <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
              每笔已支付订单一条结算记录：完成后结算，取消后全额退款；平台服务费按实收金额 × 费率计（四舍五入到分）。
            </Typography.Text>
          </>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
      />
    </Flex>
  );
}
