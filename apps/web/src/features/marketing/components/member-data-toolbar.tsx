import { MEMBER_DATA_MAX_DAYS, memberDataMessages } from '@pharmacy/shared';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { toast } from '../../../lib/feedback';

export interface MemberDataToolbarProps {
  dateFrom: string;
  dateTo: string;
  onDates: (dateFrom: string, dateTo: string) => void;
  /** The operator's pharmacy filter (absent for pharmacy staff). */
  pharmacy?: {
    value: number | undefined;
    options: { value: number; label: string }[];
    loading: boolean;
    onChange: (id: number | undefined) => void;
  };
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

/** The range (Shanghai days, at most 366, kept in the URL by the page) and, for the operator, the pharmacy. */
export function MemberDataToolbar({ dateFrom, dateTo, onDates, pharmacy }: MemberDataToolbarProps) {
  return (
    <Space wrap size={[16, 12]}>
      <DatePicker.RangePicker
        aria-label="统计日期范围"
        allowClear={false}
        value={dateFrom && dateTo ? [dayjs(dateFrom), dayjs(dateTo)] : null}
        presets={presets()}
        disabledDate={(d, info) =>
          d.isAfter(dayjs(), 'day') || (!!info.from && Math.abs(d.diff(info.from, 'day')) >= MEMBER_DATA_MAX_DAYS)
        }
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (!from || !to) return;
          if (to.diff(from, 'day') + 1 > MEMBER_DATA_MAX_DAYS) {
            toast.error(memberDataMessages.tooLong);
            return;
          }
          onDates(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
        }}
      />
      {pharmacy && (
        <Select
          aria-label="药店"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="全部药店"
          style={{ width: 260 }}
          loading={pharmacy.loading}
          options={pharmacy.options}
          value={pharmacy.value}
          onChange={(v) => pharmacy.onChange(v ?? undefined)}
        />
      )}
    </Space>
  );
}
