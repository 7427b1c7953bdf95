export { showServerFieldError, zodRule } from '../../../components/form-field-errors';

import { formatShanghaiDateTime, judgeAnswerLabels, parseShanghaiTime, type QuestionType } from '@pharmacy/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** Watch time as people read it: 1小时5分、12分30秒、45秒. */
export function formatWatchTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return m > 0 ? `${h}小时${m}分` : `${h}小时`;
  if (m > 0) return sec > 0 ? `${m}分${sec}秒` : `${m}分`;
  return `${sec}秒`;
}

/** A file size: 512 B, 12.3 KB, 4.5 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * An instant for antd's picker: the picker shows the browser's wall clock, so it is handed the Shanghai wall time
 * (the console shows and takes every time in Shanghai, whatever the browser's zone).
 */
export function toPickerTime(iso: string | null | undefined): Dayjs | null {
  if (!iso) return null;
  const text = formatShanghaiDateTime(iso);
  return text ? dayjs(text) : null;
}

/** The instant (ISO 8601) of the picker's wall time read as Shanghai time. */
export function fromPickerTime(value: Dayjs | null | undefined): string | undefined {
  if (!value?.isValid()) return undefined;
  return parseShanghaiTime(value.format('YYYY-MM-DD HH:mm'))?.toISOString();
}

/** A question's answer as the exam list shows it: 正确 / 错误 for a judge question, the keys otherwise (A、C). */
export function answerLabel(type: QuestionType, answer: readonly string[]): string {
  if (answer.length === 0) return '未设置';
  if (type === 'judge') return judgeAnswerLabels[answer[0] as 'T' | 'F'] ?? answer.join('、');
  return [...answer].sort().join('、');
}

/** Moves the item at `index` one place up (-1) or down (+1); out of range: the same order. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}
