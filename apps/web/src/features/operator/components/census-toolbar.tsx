import { PLATFORM_CENSUS_MAX_DAYS, platformCensusMessages } from '@pharmacy/shared';
import { DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { toast } from '../../../lib/feedback';

export interface CensusOption {
  value: number;
  label: string;
}

export interface CensusToolbarProps {
  dateFrom: string;
  dateTo: string;
  onDates: (dateFrom: string, dateTo: string) => void;
  pharmacyId?: number;
  doctorId?: number;
  pharmacies: CensusOption[];
  doctors: CensusOption[];
  onPharmacy: (id: number | undefined) => void;
  onDoctor: (id: number | undefined) => void;
  /** the export button (shown to a holder of the page's key) */
  extra?: ReactNode;
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

const searchable = {
  showSearch: { optionFilterProp: 'label' as const },
  allowClear: true,
  style: { width: 220 },
};

/** The range (Shanghai days, at most 366) and the pharmacy / doctor filters, kept in the URL by the page. */
export function CensusToolbar(p: CensusToolbarProps) {
  // a filter chosen before its option is known (a link) still shows as chosen
  const withCurrent = (options: CensusOption[], id: number | undefined, noun: string) =>
    id === undefined || options.some((o) => o.value === id)
      ? options
      : [...options, { value: id, label: `${noun} #${id}` }];
  return (
    <Space wrap size={[16, 12]}>
      <DatePicker.RangePicker
        aria-label="统计日期范围"
        allowClear={false}
        value={p.dateFrom && p.dateTo ? [dayjs(p.dateFrom), dayjs(p.dateTo)] : null}
        presets={presets()}
        disabledDate={(d, info) =>
          d.isAfter(dayjs(), 'day') || (!!info.from && Math.abs(d.diff(info.from, 'day')) >= PLATFORM_CENSUS_MAX_DAYS)
        }
        onChange={(dates) => {
          const [from, to] = dates ?? [];
          if (!from || !to) return;
          if (to.diff(from, 'day') + 1 > PLATFORM_CENSUS_MAX_DAYS) {
            toast.error(platformCensusMessages.tooLong);
            return;
          }
          p.onDates(from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD'));
        }}
      />
      <Select<number>
        {...searchable}
        aria-label="药店"
        placeholder="全部药店"
        value={p.pharmacyId}
        options={withCurrent(p.pharmacies, p.pharmacyId, '药店')}
        onChange={(v) => p.onPharmacy(v ?? undefined)}
      />
      <Select<number>
        {...searchable}
        aria-label="医生"
        placeholder="全部医生"
        value={p.doctorId}
        options={withCurrent(p.doctors, p.doctorId, '医生')}
        onChange={(v) => p.onDoctor(v ?? undefined)}
      />
      {p.extra}
    </Space>
  );
}
