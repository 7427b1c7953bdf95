import {
  CENSUS_MAX_DAYS,
  type CensusGranularity,
  censusGranularities,
  censusGranularityLabels,
  censusMessages,
} from '@pharmacy/shared';
import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { toast } from '../../../lib/feedback';

export interface CensusToolbarProps {
  dateFrom: string;
  dateTo: string;
  granularity: CensusGranularity;
  onDates: (dateFrom: string, dateTo: string) => void;
  onGranularity: (granularity: CensusGranularity) => void;
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

/** The range (Shanghai days, at most 366) and 按日 / 按周 / 按月, both kept in the URL by the page. */
export function CensusToolbar({ dateFrom, dateTo, granularity, onDates, onGranularity }: CensusToolbarProps) {
  return (
    <Space wrap size={[16, 12]}>
      <DatePicker.RangePicker
        aria-label="统计日期范围"
        allowClear={false}
        value={[dayjs(dateFrom), dayjs(dateTo)]}
        presets={presets()}
        disabledDate={(d, info) =>
          d.isAfter(dayjs(), 'day') || (!!info.from && Math.abs(d.diff(info.from, 'day')) >= CENSUS_MAX_DAYS)
        }
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (!from || !to) return;
          if (to.diff(from, 'day') + 1 > CENSUS_MAX_DAYS) {
            toast.error(censusMessages.tooLong);
            return;
          }
          onDates(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
        }}
      />
      <Segmented<CensusGranularity>
        aria-label="统计粒度"
        value={granularity}
        options={censusGranularities.map((g) => ({ value: g, label: censusGranularityLabels[g] }))}
        onChange={onGranularity}
      />
    </Space>
  );
}
