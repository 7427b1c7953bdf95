import { QrcodeOutlined, UserAddOutlined } from '@ant-design/icons';
import { type EnrollmentRow, type EnrollmentSource, enrollmentSourceLabels, enrollmentSources } from '@pharmacy/shared';
import { Button, Card, Flex, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { listPagination } from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { type EnrollmentListQuery, useEnrollments } from '../api/enrollments';
import { EnrollmentAddDialog } from './enrollment-add-dialog';
import { EnrollmentInviteDialog } from './enrollment-invite-dialog';

/** Watch time as 1小时5分 / 12分30秒 / 45秒. */
export function watchTime(seconds: number): string {
  if (seconds <= 0) return '0秒';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) return `${h}小时${m}分`;
  if (m) return s ? `${m}分${s}秒` : `${m}分`;
  return `${s}秒`;
}

const sourceColors: Record<EnrollmentSource, string> = { invite: 'blue', staff: 'purple', self: 'default' };

const columns: ColumnsType<EnrollmentRow> = [
  { key: 'name', title: '学员', dataIndex: 'name', render: (n: string) => n || '-' },
  { key: 'phone', title: '手机号', dataIndex: 'phone', width: 130 },
  {
    key: 'source',
    title: '报名方式',
    dataIndex: 'source',
    width: 100,
    render: (s: EnrollmentSource) => <Tag color={sourceColors[s]}>{enrollmentSourceLabels[s]}</Tag>,
  },
  {
    key: 'inviter_name',
    title: '邀请人',
    dataIndex: 'inviter_name',
    width: 110,
    render: (n: string | null) => n ?? '-',
  },
  {
    key: 'watch_seconds',
    title: '观看时长',
    dataIndex: 'watch_seconds',
    width: 110,
    align: 'right',
    render: (s: number) => watchTime(s),
  },
  {
    key: 'created_at',
    title: '报名时间',
    dataIndex: 'created_at',
    width: 150,
    render: (t: string) => formatDateTime(t),
  },
];

export interface EnrollmentListProps {
  periodId: number;
  periodName: string;
  query: EnrollmentListQuery;
  /** Writes the list's filters and page to the URL (filters send it back to page 1). */
  setQuery: (patch: Partial<EnrollmentListQuery>) => void;
}

/**
 * 报名学员: keyword (name or phone), source, paging in the URL; 添加学员 and 邀请链接 are open to every broadcast role
 * (customer service enrols and invites).
 */
export function EnrollmentList({ periodId, periodName, query, setQuery }: EnrollmentListProps) {
  const { data, isFetching } = useEnrollments(periodId, query);
  const [dialog, setDialog] = useState<'add' | 'invite' | null>(null);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  useEffect(() => setKeyword(query.keyword ?? ''), [query.keyword]);

  return (
    <Card
      size="small"
      title={`报名学员${data ? `（${data.total}）` : ''}`}
      extra={
        <Flex gap={8}>
          <Button size="small" icon={<QrcodeOutlined />} onClick={() => setDialog('invite')}>
            邀请链接
          </Button>
          <Button type="primary" size="small" icon={<UserAddOutlined />} onClick={() => setDialog('add')}>
            添加学员
          </Button>
        </Flex>
      }
    >
      <Flex gap={12} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label="学员姓名或手机号"
          placeholder="学员姓名或手机号"
          style={{ width: 240 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setQuery({ keyword: v.trim() || undefined, page: 1 })}
        />
        <Select<EnrollmentSource>
          allowClear
          aria-label="报名方式"
          placeholder="全部报名方式"
          style={{ width: 150 }}
          value={query.source}
          onChange={(v) => setQuery({ source: v ?? undefined, page: 1 })}
          options={enrollmentSources.map((s) => ({ value: s, label: enrollmentSourceLabels[s] }))}
        />
      </Flex>
      <Table<EnrollmentRow>
        aria-label="报名学员"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={data?.list}
        loading={isFetching}
        locale={{ emptyText: '暂无报名学员' }}
        pagination={listPagination(query.page, query.page_size, data?.total ?? 0)}
        onChange={(p) => setQuery({ page: p.current ?? 1, page_size: p.pageSize ?? query.page_size })}
      />
      {dialog === 'add' ? <EnrollmentAddDialog periodId={periodId} onClose={() => setDialog(null)} /> : null}
      {dialog === 'invite' ? (
        <EnrollmentInviteDialog periodId={periodId} periodName={periodName} onClose={() => setDialog(null)} />
      ) : null}
    </Card>
  );
}
