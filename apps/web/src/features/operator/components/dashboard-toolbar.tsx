import { type DashboardRange, dashboardRangeLabels, dashboardRanges, shanghaiToday } from '@pharmacy/shared';
import { DatePicker, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { clock } from './dashboard-format';

export interface DashboardToolbarProps {
  range: DashboardRange;
  /** the last day chosen (undefined: today) */
  dateTo?: string;
  onRange: (range: DashboardRange) => void;
  onDateTo: (dateTo: string | undefined) => void;
  /** when the figures shown were computed (ISO) */
  generatedAt?: string;
}

/** 今日 / 近 7 天 / 近 30 天, the day the range ends on (default today), and when the figures were computed. */
export function DashboardToolbar(p: DashboardToolbarProps) {
  const today = shanghaiToday();
  return (
    <Space wrap size={[16, 12]} style={{ justifyContent: 'space-between', width: '100%' }}>
      <Space wrap size={[16, 12]}>
        <Segmented<DashboardRange>
          aria-label="统计范围"
          value={p.range}
          options={dashboardRanges.map((value) => ({ value, label: dashboardRangeLabels[value] }))}
          onChange={p.onRange}
        />
        <DatePicker
          aria-label="截止日期"
          placeholder="截止日期（默认今天）"
          style={{ width: 200 }}
          value={p.dateTo ? dayjs(p.dateTo) : null}
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
          onChange={(d) => p.onDateTo(d && d.format('YYYY-MM-DD') !== today ? d.format('YYYY-MM-DD') : undefined)}
        />
      </Space>
      {p.generatedAt && (
        <Typography.Text type="secondary" data-testid="dashboard-updated">
          数据每分钟更新，更新于 {clock(p.generatedAt)}
        </Typography.Text>
      )}
    </Space>
  );
}
