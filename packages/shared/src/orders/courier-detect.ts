import { z } from 'zod';
import { type CourierCode, courierCodeList, courierNames, detectCourier } from '../common/rules/courier';

/**
 * Shipping's use of the spec's courier detection (§3, §9; the prefix table and its reasons live in
 * common/rules/courier.ts and docs/courier-detection.md): the tracking-number format shipping accepts, and the
 * courier a number means for one pharmacy, shared by the send-good dialog (pre-selects as the user types), the batch
 * upload's row checks and the server.
 */

/** A tracking number: 8–30 letters and digits (SF1000000000001, 773012345678901, YT8800000000012). */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9]{8,30}$/;
export const TRACKING_NO_MESSAGE = '运单号应为 8–30 位字母或数字';

/** Trimmed, spaces inside removed, upper-cased: how numbers are stored and compared. */
export const normalizeTrackingNo = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export const trackingNoSchema = z
  .string({ error: '请填写运单号' })
  .transform(normalizeTrackingNo)
  .pipe(z.string().min(1, { error: '请填写运单号' }).regex(TRACKING_NO_PATTERN, { error: TRACKING_NO_MESSAGE }));

/**
 * The courier of a tracking number by its prefix (three characters, then two); null when its prefix is in no row
 * of the table or the text is no tracking number yet.
 */
export function detectCourierCode(trackingNo: string): CourierCode | null {
  return detectCourier(normalizeTrackingNo(trackingNo))?.code ?? null;
}

/**
 * A courier given by name or code in a spreadsheet cell ("顺丰速运", "顺丰", "SF", "sf"); null when it names none.
 * Names match the shared names and the short forms without 快递 / 速运 / 速递 / 快运.
 */
export function courierFromText(text: string): CourierCode | null {
  const value = text.trim();
  if (value === '') return null;
  const upper = value.toUpperCase();
  if ((courierCodeList as readonly string[]).includes(upper)) return upper as CourierCode;
  const short = (name: string) => name.replace(/(快递包裹|快递|速运|速递|快运)$/, '');
  for (const code of courierCodeList) {
    const name = courierNames[code];
    if (value === name || value === short(name)) return code;
  }
  if (value === '邮政' || value === '中国邮政') return 'YZPY';
  if (value === '百世' || value === '百世汇通' || value === '汇通') return 'HTKY';
  return null;
}
