import { type LiveDataRow, type LiveStatus, liveStatusLabels, showTotalText } from '@pharmacy/shared';
import { Alert, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatDateTime } from '../../../lib/format';
import { type MemberDataScope, useLiveData } from '../api/member-data-queries';
import { formatCount, formatWatchTime } from './member-data-format';

const statusColors: Record<string, string> = { live: 'red', scheduled: 'blue', ended: 'default', draft: 'default' };

export interface MemberDataLivesProps {
  scope: MemberDataScope;
  dateFrom?: string;
  dateTo?: string;
  pharmacyId?: number;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
}

/** 直播数据 (marketing/viper/live_data): each live of the range with its viewers, watch time, enrolled and exams. */
export function MemberDataLives({ scope, dateFrom, dateTo, pharmacyId, page, pageSize, onPage }: MemberDataLivesProps) {
  const lives = useLiveData(scope, {
    ...(dateFrom && dateTo ? { date_from: dateFrom, date_to: dateTo } : {}),
    ...(pharmacyId ? { pharmacy_id: pharmacyId } : {}),
    page,
    page_size: pageSize,
  });
  const columns: ColumnsType<LiveDataRow> = [
    { title: '直播', dataIndex: 'title', ellipsis: true },
    ...(scope === 'admin' ? [{ title: '药店', dataIndex: 'pharmacy_name', ellipsis: true }] : []),
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={statusColors[s]}>{liveStatusLabels[s as LiveStatus] ?? s}</Tag>,
    },
    { title: '开播时间', dataIndex: 'start_at', width: 150, render: formatDateTime },
    { title: '观看人数', dataIndex: 'viewers', align: 'right', width: 100, render: formatCount },
    { title: '观看时长', dataIndex: 'watch_seconds', align: 'right', width: 120, render: formatWatchTime },
    { title: '报名人数', dataIndex: 'enrolled', align: 'right', width: 100, render: formatCount },
    { title: '答题人数', dataIndex: 'exam_submitted', align: 'right', width: 100, render: formatCount },
  ];
  if (lives.isError && !lives.data) {
    return <Alert type="error" showIcon message="直播数据加载失败" description={lives.error.message} />;
  }
  return (
    <Table<LiveDataRow>
      size="small"
      rowKey="live_id"
      columns={columns}
      dataSource={lives.data?.list}
      loading={lives.isFetching}
      aria-label="直播数据"
      locale={{ emptyText: '该时间段内没有直播' }}
      pagination={{
        current: page,
        pageSize,
        total: lives.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: showTotalText,
        onChange: onPage,
      }}
    />
  );
}
