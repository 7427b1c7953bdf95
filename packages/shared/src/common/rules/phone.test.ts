import fc from 'fast-check';
import validatorIsMobilePhone from 'validator/lib/isMobilePhone';
import { describe, expect, it } from 'vitest';
import { mobilePhoneSchema } from '../fields';
import { cjsDefault } from './cjs-default';
import { isMobilePhone, MOBILE_PHONE_PATTERN, maskPhone } from './phone';

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
const mobile = fc.tuple(fc.integer({ min: 3, max: 9 }), digits(9)).map(([second, rest]) => `1${second}${rest}`);

describe('maskPhone', () => {
  it('hides the middle four digits of a mobile number', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('19912345678')).toBe('199****5678');
    expect(maskPhone(13800000001)).toBe('138****0001');
  });

  it('returns anything that is not a mobile number unchanged', () => {
    for (const value of ['12800000001', '1380000000', '138000000012', '23800000001', '138 0000 0001', '', 'abc']) {
      expect(maskPhone(value)).toBe(value);
    }
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone(undefined)).toBeUndefined();
    expect(maskPhone(12800000001)).toBe(12800000001);
  });

  it('keeps the first three and last four digits of every mobile number', () => {
    fc.assert(
      fc.property(mobile, (phone) => {
        const masked = maskPhone(phone);
        expect(masked).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
        expect(masked).toHaveLength(11);
      }),
    );
  });

  it('changes a string only when it is a mobile number', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), digits(11)), (text) => {
        expect(maskPhone(text) !== text).toBe(MOBILE_PHONE_PATTERN.test(text));
      }),
    );
  });
});

describe('isMobilePhone', () => {
  const validatorZh = (s: string) => cjsDefault(validatorIsMobilePhone)(s, 'zh-CN');

  it('accepts 1 then 3–9 then nine digits and nothing else', () => {
    expect(isMobilePhone('13800000001')).toBe(true);
    expect(isMobilePhone('17000000000')).toBe(true);
    for (const value of ['12800000001', '10000000000', '1380000000', '138000000011', ' 13800000001', 'l3800000001']) {
      expect(isMobilePhone(value)).toBe(false);
    }
    expect(isMobilePhone(13800000001)).toBe(false);
    expect(isMobilePhone(null)).toBe(false);
  });

  it('agrees with the spec rule and the shared form schema on every 11-digit string', () => {
    fc.assert(
      fc.property(fc.oneof(mobile, digits(11)), (text) => {
        const spec = /^1[3-9]\d{9}$/.test(text);
        expect(isMobilePhone(text)).toBe(spec);
        expect(mobilePhoneSchema.safeParse(text).success).toBe(spec);
      }),
    );
  });

  it("agrees with validator's zh-CN check on every number starting with 1", () => {
    fc.assert(
      fc.property(digits(10), (rest) => {
        expect(isMobilePhone(`1${rest}`)).toBe(validatorZh(`1${rest}`));
      }),
    );
  });

  it('refuses the forms validator accepts beyond the spec (+86, 0086, 92/98 numbers)', () => {
    for (const value of ['+8613800000001', '008613800000001', '92000000000', '98000000000']) {
      expect(validatorZh(value)).toBe(true);
      expect(isMobilePhone(value)).toBe(false);
    }
  });
});
