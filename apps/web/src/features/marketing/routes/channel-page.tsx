import { PlusOutlined } from '@ant-design/icons';
import { type Channel, type ChannelListQuery, channelListQuerySchema } from '@pharmacy/shared';
import { Button, Card, Col, Form, Input, Row, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { copyText } from '../../../components/copy-button';
import { ListDateRange, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast, toast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useChannels } from '../api/channel-list';
import { useRemoveChannel } from '../api/channel-save';
import { ChannelChart } from '../components/channel-chart';
import { ChannelCodeDialog } from '../components/channel-code-dialog';
import { ChannelFormDialog } from '../components/channel-form-dialog';

const columns: ColumnsType<Channel> = [
  { key: 'name', title: '渠道名称', dataIndex: 'name' },
  {
    key: 'scene',
    title: '场景值',
    dataIndex: 'scene',
    width: 130,
    render: (s: string) => <Typography.Text code>{s}</Typography.Text>,
  },
  { key: 'scans', title: '扫码次数', dataIndex: 'scans', width: 100, align: 'right' },
  { key: 'new_members', title: '新会员', dataIndex: 'new_members', width: 90, align: 'right' },
  { key: 'orders', title: '订单数', dataIndex: 'orders', width: 90, align: 'right' },
  { key: 'amount', title: '成交金额（元）', dataIndex: 'amount', width: 130, align: 'right' },
  {
    key: 'created_at',
    title: '创建时间',
    dataIndex: 'created_at',
    width: 160,
    render: (t: string) => formatDateTime(t),
  },
];

/**
 * /marketManage/channel — 渠道管理 (a manager with channel_manage; not the shop): channels with their scans, new
 * members, orders and amount over a date range (default the last 30 days), a chart, 新建渠道, 二维码 and 复制链接.
 */
export default function ChannelPage() {
  const list = useListPage({ querySchema: channelListQuerySchema });
  const query = list.query as ChannelListQuery;
  const { data, isFetching } = useChannels(query);
  const remove = useRemoveChannel();
  const rows = data?.list;
  const byId = (id: string | null) => rows?.find((c) => String(c.id) === id);

  const rowActions: RowAction<Channel>[] = [
    { key: 'code', label: '二维码' },
    {
      key: 'copy',
      label: '复制链接',
      onClick: async (row) => {
        if (await copyText(`${window.location.origin}${row.link}`)) toast.success('链接已复制');
        else toast.error('复制失败');
      },
    },
    { key: 'edit', label: '重命名' },
    {
      key: 'delete',
      label: '删除',
      danger: true,
      confirm: '确定删除该渠道吗？已有扫码记录的渠道不能删除。',
      onClick: (row) =>
        remove.mutateAsync(row.id).then(
          () => dialogToast.success('渠道已删除'),
          () => undefined,
        ),
    },
  ];

  const totals = data?.totals;

  return (
    <section aria-labelledby="channel-title">
      <Typography.Title id="channel-title" level={4} style={{ marginTop: 0 }}>
        渠道管理
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          {data ? `${data.date_from} 至 ${data.date_to}` : '近 30 天'} · 全部渠道合计
        </Typography.Text>
        <Row gutter={16} style={{ marginTop: 8 }}>
          <Col xs={12} md={6}>
            <Statistic title="扫码次数" value={totals?.scans ?? '-'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="新会员" value={totals?.new_members ?? '-'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="订单数" value={totals?.orders ?? '-'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title="成交金额（元）" value={totals?.amount ?? '-'} />
          </Col>
        </Row>
        {rows && rows.length > 0 ? (
          <div style={{ marginTop: 16 }}>
            <ChannelChart channels={rows} />
          </div>
        ) : null}
      </Card>
      <ListPage<Channel, ChannelListQuery>
        label="渠道列表"
        list={list}
        filters={
          <>
            <Form.Item name="keyword" label="渠道名称">
              <Input allowClear placeholder="输入渠道名称" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item label="统计日期">
              <ListDateRange
                label="统计日期"
                dateFrom={query.date_from ?? data?.date_from}
                dateTo={query.date_to ?? data?.date_to}
                onChange={(range) => list.setQuery(range)}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => list.openAction('create', 'new')}>
            新建渠道
          </Button>
        }
        columns={columns}
        rowKey="id"
        rows={rows}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={290}
        scope="none"
        dialogs={{
          create: { render: ({ close }) => <ChannelFormDialog onClose={close} /> },
          edit: {
            render: ({ id, close }) => {
              const channel = byId(id);
              return channel ? <ChannelFormDialog channel={channel} onClose={close} /> : null;
            },
          },
          code: {
            render: ({ id, close }) => {
              const channel = byId(id);
              return channel ? <ChannelCodeDialog channel={channel} onClose={close} /> : null;
            },
          },
        }}
      />
    </section>
  );
}
