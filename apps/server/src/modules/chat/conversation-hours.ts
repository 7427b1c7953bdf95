import type { ChatSettingsRow } from './conversation.repository';

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * Whether `at` falls in the pharmacy's chat working hours: an ISO weekday of `work_days` (1 = Monday … 7 = Sunday)
 * and work_start ≤ HH:mm < work_end, in Asia/Shanghai (UTC+8 all year, no daylight saving).
 */
export function isWorkingTime(settings: Pick<ChatSettingsRow, 'work_days' | 'work_start' | 'work_end'>, at: Date) {
  const local = new Date(at.getTime() + SHANGHAI_OFFSET_MS);
  const weekday = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
  if (!settings.work_days.includes(weekday)) return false;
  const hhmm = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
  return settings.work_start <= hhmm && hhmm < settings.work_end;
}
