import validatorIsMobilePhone from 'validator/lib/isMobilePhone';
import { cjsDefault } from './cjs-default';

const isMobilePhoneZh = /* @__PURE__ */ cjsDefault(validatorIsMobilePhone);

/** The spec's rule (§5): 11 digits, 1 then 3–9. */
export const MOBILE_PHONE_PATTERN = /^1[3-9]\d{9}$/;

/**
 * A mainland mobile number as the console accepts it: exactly 11 digits, 1 then 3–9.
 * validator's zh-CN pattern also takes a +86/0086 prefix and numbers starting 92/98; the length and leading-1 guard
 * keeps only the spec's form, on which the two agree (see phone.test.ts).
 */
export function isMobilePhone(value: unknown): value is string {
  return typeof value === 'string' && value.length === 11 && value[0] === '1' && isMobilePhoneZh(value, 'zh-CN');
}

/**
 * 13800000001 → 138****0001 (a number value is read as its digits); anything that is not such a number is returned
 * unchanged.
 */
export function maskPhone<T>(phone: T): T | string {
  const text = typeof phone === 'number' && Number.isSafeInteger(phone) ? String(phone) : phone;
  if (typeof text !== 'string' || !MOBILE_PHONE_PATTERN.test(text)) return phone;
  return `${text.slice(0, 3)}****${text.slice(7)}`;
}
