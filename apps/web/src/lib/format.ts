import { formatShanghaiDateTime } from '@pharmacy/shared';

/**
 * Times are shown in Asia/Shanghai whatever the browser's zone (architecture.md: "shown in Asia/Shanghai"), by the
 * shared helper, which formats by arithmetic (no zoned Intl on the way: that costs tens of milliseconds on a phone
 * on the first list page); see packages/shared/src/common/time.ts.
 */
export { shanghaiMinuteFields } from '@pharmacy/shared';

/** `2025-03-01 14:05` for an ISO 8601 time; an empty or invalid value gives '-'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  return formatShanghaiDateTime(value) ?? '-';
}
