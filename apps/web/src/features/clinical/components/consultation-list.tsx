import {
  type ConsultationListQuery,
  type ConsultationSummary,
  type ConsultationTab,
  consultationListQuerySchema,
  consultationStatusLabels,
  consultationTabs,
} from '@pharmacy/shared';
import { Button, Flex, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ListDateRange, ListKeywordSearch, ListPage, type RowAction, useListPage } from '../../../components/list-page';
import { dialogToast } from '../../../lib/feedback';
import { formatDateTime } from '../../../lib/format';
import { useApproveConsultation } from '../api/consultation-decide';
import { useConsultations } from '../api/consultation-list';
import { ConsultationDetailDrawer } from './consultation-detail-drawer';
import { ConsultationRejectDialog } from './consultation-reject-dialog';
import { ConsultationSourceTag, ConsultationStatusTag, patientLine, wantedText } from './consultation-status-tag';

const tabLabels: Record<ConsultationTab, string> = { ...consultationStatusLabels, all: '全部' };

/** Where the doctor writes the prescription of a request (the recipe part opens its write dialog from `write`). */
export const writePrescriptionPath = (id: number) => `/doctor/prescription?write=${id}`;

function columnsFor(openDetail: (r: ConsultationSummary) => void): ColumnsType<ConsultationSummary> {
  return [
    {
      key: 'patient',
      title: '就诊人',
      width: 150,
      render: (_, r) => (
        <Flex vertical gap={2} align="start">
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto' }}
            onClick={() => openDetail(r)}
            aria-label={`问诊详情：${r.patient_name}`}
          >
            {r.patient_name || '-'}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {patientLine(r.patient_gender, r.patient_age)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            {r.phone}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'wanted',
      title: '需要的药品',
      render: (_, r) => {
        const text = wantedText(r.wanted_items);
        return (
          <Flex vertical gap={2}>
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0, minWidth: 200 }}>
              {text || '-'}
            </Typography.Paragraph>
            {r.image_count ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                图片 {r.image_count} 张
              </Typography.Text>
            ) : null}
          </Flex>
        );
      },
    },
    {
      key: 'source',
      title: '来源',
      width: 200,
      render: (_, r) => (
        <Flex vertical gap={2} align="start">
          <ConsultationSourceTag source={r.source} />
          {r.order_no ? (
            <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }} copyable>
              {r.order_no}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'pharmacy',
      title: '发药药店',
      width: 190,
      render: (_, r) => (
        <Typography.Text ellipsis={{ tooltip: r.pharmacy_name }} style={{ maxWidth: 180 }}>
          {r.pharmacy_name}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 160,
      render: (_, r) => (
        <Flex vertical gap={2} align="start">
          <ConsultationStatusTag status={r.status} />
          {r.status === 'rejected' && r.reject_reason ? (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, maxWidth: 150 }}
              ellipsis={{ tooltip: r.reject_reason }}
            >
              {r.reject_reason}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'created_at',
      title: '提交时间',
      width: 150,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, r) => formatDateTime(r.created_at),
    },
  ];
}

/**
 * 问诊需求: the doctor's requests by status tab (with counts), searched by patient name or phone and date; the
 * detail drawer; 接诊 (then on to writing the prescription), 开处方, 拒绝 (reason). Dialogs live in the URL.
 */
export function ConsultationList() {
  const list = useListPage({ querySchema: consultationListQuerySchema });
  const query = list.query as ConsultationListQuery;
  const { data, isFetching } = useConsultations(query);
  const approve = useApproveConsultation();
  const navigate = useNavigate();
  const counts = data?.counts;
  const idOf = list.action?.id ? Number(list.action.id) : 0;
  const actionRow = data?.list.find((r) => r.id === idOf) ?? null;
  const columns = useMemo(() => columnsFor((r) => list.openAction('detail', r.id)), [list]);

  const doApprove = async (id: number) => {
    try {
      await approve.mutateAsync(id);
      dialogToast.success('已接诊，请开具处方');
      navigate(writePrescriptionPath(id));
    } catch {
      // 409 (already decided) is shown by the http client; the list refreshes
    }
  };

  const rowActions: RowAction<ConsultationSummary>[] = [
    { key: 'detail', label: '查看' },
    {
      key: 'approve',
      label: '接诊',
      visible: (r) => r.status === 'pending',
      onClick: (r) => doApprove(r.id),
    },
    {
      key: 'write',
      label: '开处方',
      visible: (r) => r.status === 'approved',
      onClick: (r) => navigate(writePrescriptionPath(r.id)),
    },
    { key: 'reject', label: '拒绝', danger: true, visible: (r) => r.status === 'pending' || r.status === 'approved' },
  ];

  return (
    <Flex vertical gap={8}>
      <Tabs
        activeKey={query.status}
        onChange={(status) => list.setQuery({ status: status as ConsultationTab })}
        items={consultationTabs.map((t) => ({
          key: t,
          label: `${tabLabels[t]}${counts ? ` (${counts[t]})` : ''}`,
        }))}
        style={{ marginBottom: -8 }}
      />
      <ListPage<ConsultationSummary, ConsultationListQuery>
        label="问诊需求列表"
        list={list}
        scope="none"
        toolbar={
          <Flex justify="space-between" wrap gap={8} style={{ width: '100%' }}>
            <Flex gap={8} wrap align="center">
              <ListKeywordSearch
                label="按患者姓名或手机号搜索"
                placeholder="患者姓名 / 手机号"
                value={query.keyword}
                onSearch={(v) => list.setQuery({ keyword: v })}
                width={240}
              />
              <ListDateRange
                label="提交日期"
                dateFrom={query.date_from}
                dateTo={query.date_to}
                onChange={(range) => list.setQuery(range)}
              />
            </Flex>
            <Button type="primary" onClick={() => navigate('/doctor/addRequirements')}>
              添加问诊需求
            </Button>
          </Flex>
        }
        columns={columns}
        rowKey="id"
        rows={data?.list}
        total={data?.total}
        loading={isFetching}
        rowActions={rowActions}
        actionsWidth={170}
        dialogs={{
          detail: {
            render: ({ id, close }) => (
              <ConsultationDetailDrawer
                id={Number(id)}
                onClose={close}
                busy={approve.isPending}
                onApprove={(d) => void doApprove(d.id)}
                onWrite={(d) => navigate(writePrescriptionPath(d.id))}
                onReject={(d) => list.openAction('reject', d.id)}
              />
            ),
          },
          reject: {
            render: ({ id, close }) => <ConsultationRejectDialog id={Number(id)} request={actionRow} onClose={close} />,
          },
        }}
      />
    </Flex>
  );
}
