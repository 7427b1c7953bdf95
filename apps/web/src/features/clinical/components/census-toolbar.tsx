import { RECIPE_STATISTICS_MAX_DAYS, recipeStatisticsMessages } from '@pharmacy/shared';
import { DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { toast } from '../../../lib/feedback';

export interface CensusToolbarProps {
  dateFrom: string;
  dateTo: string;
  onDates: (dateFrom: string, dateTo: string) => void;
}

const presets = (): { label: string; value: [Dayjs, Dayjs] }[] => {
  const today = dayjs().startOf('day');
  return [
    { label: '近 7 天', value: [today.subtract(6, 'day'), today] },
    { label: '近 30 天', value: [today.subtract(29, 'day'), today] },
    { label: '近 90 天', value: [today.subtract(89, 'day'), today] },
    { label: '本月', value: [today.startOf('month'), today] },
    { label: '上月', value: [today.subtract(1, 'month').startOf('month'), today.subtract(1, 'month').endOf('month')] },
    { label: '近一年', value: [today.subtract(364, 'day'), today] },
  ];
};

/** The range of the statistics: Shanghai days, at most 366, kept in the URL by the page. */
export function CensusToolbar({ dateFrom, dateTo, onDates }: CensusToolbarProps) {
  return (
    <Space wrap size={[16, 12]}>
      <DatePicker.RangePicker
        aria-label="统计日期范围"
        allowClear={false}
        value={dateFrom && dateTo ? [dayjs(dateFrom), dayjs(dateTo)] : null}
        presets={presets()}
        disabledDate={(d, info) =>
          d.isAfter(dayjs(), 'day') || (!!info.from && Math.abs(d.diff(info.from, 'day')) >= RECIPE_STATISTICS_MAX_DAYS)
        }
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (!from || !to) return;
          if (to.diff(from, 'day') + 1 > RECIPE_STATISTICS_MAX_DAYS) {
            toast.error(recipeStatisticsMessages.tooLong);
            return;
          }
          onDates(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
        }}
      />
    </Space>
  );
}
