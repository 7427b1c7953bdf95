import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { toast } from '../../../lib/feedback';
import { daysBetween, TEAM_STAT_MAX_DAYS, teamStatTooLong } from './team-stat-format';

export interface TeamStatToolbarProps {
  dateFrom: string;
  dateTo: string;
  teamId: number | undefined;
  teams: { id: number; name: string }[];
  teamsLoading?: boolean;
  onDates: (dateFrom: string, dateTo: string) => void;
  onTeam: (teamId: number | undefined) => void;
}

const presets = (): { label: string; value: [Dayjs, Dayjs] }[] => {
  const today = dayjs().startOf('day');
  return [
    { label: '近 7 天', value: [today.subtract(6, 'day'), today] },
    { label: '近 30 天', value: [today.subtract(29, 'day'), today] },
    { label: '近 90 天', value: [today.subtract(89, 'day'), today] },
    { label: '本月', value: [today.startOf('month'), today] },
    { label: '上月', value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')] },
    { label: '近一年', value: [today.subtract(365, 'day'), today] },
  ];
};

/** The range (Shanghai days, at most 366) and the team, both kept in the URL by the page. */
export function TeamStatToolbar({
  dateFrom,
  dateTo,
  teamId,
  teams,
  teamsLoading,
  onDates,
  onTeam,
}: TeamStatToolbarProps) {
  return (
    <Space wrap size={[16, 12]}>
      <DatePicker.RangePicker
        aria-label="统计日期范围"
        allowClear={false}
        value={[dayjs(dateFrom), dayjs(dateTo)]}
        presets={presets()}
        disabledDate={(d, info) =>
          d.isAfter(dayjs(), 'day') || (!!info.from && Math.abs(d.diff(info.from, 'day')) >= TEAM_STAT_MAX_DAYS)
        }
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (!from || !to) return;
          const f = from.format('YYYY-MM-DD');
          const t = to.format('YYYY-MM-DD');
          if (daysBetween(f, t) > TEAM_STAT_MAX_DAYS) {
            toast.error(teamStatTooLong);
            return;
          }
          onDates(f, t);
        }}
      />
      <Select<number>
        aria-label="团队"
        placeholder="全部团队"
        allowClear
        loading={teamsLoading}
        style={{ minWidth: 180 }}
        value={teamId}
        options={teams.map((t) => ({ value: t.id, label: t.name }))}
        onChange={(v) => onTeam(v ?? undefined)}
      />
    </Space>
  );
}
