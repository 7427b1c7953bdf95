import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  type Column,
  canManageLive,
  DEFAULT_PAGE_SIZE,
  enrollmentListQuerySchema,
  type Period,
} from '@pharmacy/shared';
import { Button, Card, Empty, Flex, Result, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { parseListQuery } from '../../../components/list-page';
import { isApiError } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { useColumn, useColumns } from '../api/columns';
import type { EnrollmentListQuery } from '../api/enrollments';
import { usePeriods } from '../api/periods';
import { ColumnStatusCell } from '../components/column-status';
import { EnrollmentList } from '../components/enrollment-list';
import { type PeriodDialogMode, PeriodFormDialog } from '../components/period-form-dialog';
import { PeriodList } from '../components/period-list';
import { PeriodLivesPanel } from '../components/period-lives-panel';

const idOf = (v: string | null): number | null => (v && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : null);

type Patch = Record<string, string | number | null | undefined>;

const BACK = '/broadcast/column';

/** Without ?id: the columns to choose from. */
function ColumnChooser() {
  const { data, isFetching } = useColumns({ page: 1, page_size: 100 });
  const columns: ColumnsType<Column> = [
    { key: 'title', title: '专栏名称', dataIndex: 'title' },
    { key: 'status', title: '状态', width: 200, render: (_: unknown, row) => <ColumnStatusCell column={row} /> },
    { key: 'period_count', title: '营期数', dataIndex: 'period_count', width: 90, align: 'right' },
    {
      key: 'open',
      title: '操作',
      width: 110,
      render: (_: unknown, row) => <Link to={`/broadcast/column/manage?id=${row.id}`}>营期管理</Link>,
    },
  ];
  return (
    <Card size="small" title="请选择要管理营期的专栏">
      <Table<Column>
        aria-label="专栏列表"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={data?.list}
        loading={isFetching}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无专栏，请先在专栏管理中新建" />,
        }}
      />
    </Card>
  );
}

/**
 * /broadcast/column/manage?id=<column>&period=<period> — 营期管理: the column's camp periods, the selected period's
 * lives in order, its enrolment list (filters and page in the URL), 添加学员 and 邀请链接.
 */
export default function ColumnManagePage() {
  const [params, setParams] = useSearchParams();
  const columnId = idOf(params.get('id'));
  const periodParam = idOf(params.get('period'));
  const role = useSessionStore((s) => s.currentPharmacy?.role ?? null);
  const canManage = canManageLive(role);
  const column = useColumn(columnId);
  const periods = usePeriods(columnId);
  const [dialog, setDialog] = useState<PeriodDialogMode | null>(null);

  const enrolQuery = useMemo(() => parseListQuery(enrollmentListQuerySchema, params) as EnrollmentListQuery, [params]);

  const update = useCallback(
    (patch: Patch, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            const isDefault = (k === 'page' && v === 1) || (k === 'page_size' && v === DEFAULT_PAGE_SIZE);
            if (v === undefined || v === null || v === '' || isDefault) next.delete(k);
            else next.set(k, String(v));
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const list = periods.data;
  const selected: Period | undefined = list?.find((p) => p.id === periodParam) ?? list?.[0];

  // No period (or one that is gone) in the URL: the first one is selected, without a history entry.
  useEffect(() => {
    if (!list) return;
    const wanted = selected?.id ?? null;
    if (wanted !== periodParam) update({ period: wanted }, true);
  }, [list, selected?.id, periodParam, update]);

  const selectPeriod = (id: number) => update({ period: id, keyword: undefined, source: undefined, page: undefined });

  if (columnId === null) {
    return (
      <section aria-labelledby="column-manage-title">
        <Flex align="center" gap={8} style={{ marginBottom: 16 }}>
          <Link to={BACK}>
            <ArrowLeftOutlined /> 专栏管理
          </Link>
          <Typography.Title id="column-manage-title" level={4} style={{ margin: 0 }}>
            营期管理
          </Typography.Title>
        </Flex>
        <ColumnChooser />
      </section>
    );
  }

  if (column.isError) {
    const missing = isApiError(column.error) && column.error.httpCode === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? '专栏不存在' : '专栏加载失败'}
        extra={
          <Link to={BACK}>
            <Button type="primary">返回专栏管理</Button>
          </Link>
        }
      />
    );
  }

  return (
    <section aria-labelledby="column-manage-title">
      <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Link to={BACK}>
          <ArrowLeftOutlined /> 专栏管理
        </Link>
        <Typography.Title id="column-manage-title" level={4} style={{ margin: 0 }}>
          营期管理{column.data ? `：${column.data.title}` : ''}
        </Typography.Title>
        {column.data ? <ColumnStatusCell column={column.data} /> : null}
      </Flex>
      <Flex gap={16} align="start">
        <PeriodList
          periods={list}
          loading={periods.isLoading}
          selected={selected?.id ?? null}
          onSelect={selectPeriod}
          canManage={canManage}
          onCreate={() => setDialog({ kind: 'create' })}
          onEdit={(period) => setDialog({ kind: 'edit', period })}
          onCopy={(period) => setDialog({ kind: 'copy', period })}
          onRemoved={(id) => {
            if (id === selected?.id)
              update({ period: undefined, keyword: undefined, source: undefined, page: undefined });
          }}
        />
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 0 }}>
          {selected ? (
            <>
              <Card size="small">
                <Flex gap={24} wrap>
                  <Typography.Text strong>{selected.name}</Typography.Text>
                  <Typography.Text type="secondary">
                    {selected.live_count} 场直播 · {selected.enrolled_count} 人报名
                  </Typography.Text>
                </Flex>
              </Card>
              <PeriodLivesPanel key={`lives-${selected.id}`} periodId={selected.id} canManage={canManage} />
              <EnrollmentList
                key={`enrol-${selected.id}`}
                periodId={selected.id}
                periodName={selected.name}
                query={enrolQuery}
                setQuery={(patch) => update(patch as Patch)}
              />
            </>
          ) : (
            <Card>
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={periods.isLoading ? '加载中…' : canManage ? '暂无营期，请先新建营期' : '暂无营期'}
              />
            </Card>
          )}
        </Flex>
      </Flex>
      {dialog ? (
        <PeriodFormDialog
          columnId={columnId}
          mode={dialog}
          onClose={() => setDialog(null)}
          onSaved={(period) => {
            if (dialog.kind !== 'edit') selectPeriod(period.id);
          }}
        />
      ) : null}
    </section>
  );
}
