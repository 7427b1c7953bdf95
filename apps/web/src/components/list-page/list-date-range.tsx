import { DatePicker } from 'antd';
import dayjs from 'dayjs';

export interface ListDateRangeProps {
  /** what the dates are, e.g. 开具日期; the placeholders read 开具开始日期 / 开具结束日期 */
  label: string;
  dateFrom?: string;
  dateTo?: string;
  /** the new range as Shanghai calendar dates (YYYY-MM-DD), either end may be open */
  onChange: (range: { date_from?: string; date_to?: string }) => void;
}

/** A list's date range filter kept in the URL as date_from / date_to; days after today cannot be picked. */
export function ListDateRange({ label, dateFrom, dateTo, onChange }: ListDateRangeProps) {
  const what = label.replace(/日期$/, '');
  return (
    <DatePicker.RangePicker
      aria-label={label}
      allowEmpty={[true, true]}
      placeholder={[`${what}开始日期`, `${what}结束日期`]}
      value={dateFrom || dateTo ? [dateFrom ? dayjs(dateFrom) : null, dateTo ? dayjs(dateTo) : null] : null}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        onChange({
          date_from: from ? from.format('YYYY-MM-DD') : undefined,
          date_to: to ? to.format('YYYY-MM-DD') : undefined,
        });
      }}
    />
  );
}
