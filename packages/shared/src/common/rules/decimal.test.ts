import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, divide, formatMoney, multiply, subtract } from './decimal';

/** Exact decimals as scaled integers: up to 15 integer digits and 6 places, written out as text. */
const scaled = fc.record({
  units: fc.bigInt({ min: -(10n ** 21n), max: 10n ** 21n }),
  places: fc.integer({ min: 0, max: 6 }),
});
const text = ({ units, places }: { units: bigint; places: number }) => {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  return places === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
};
/** The canonical form the functions answer in: no trailing zeros after the point, no "-0". */
const canonical = (units: bigint, places: number) => {
  let u = units;
  let p = places;
  while (p > 0 && u % 10n === 0n) {
    u /= 10n;
    p -= 1;
  }
  return u === 0n ? '0' : text({ units: u, places: p });
};

describe('exact decimal arithmetic', () => {
  it('adds, subtracts, multiplies and divides without binary rounding', () => {
    expect(add(0.1, 0.2)).toBe('0.3');
    expect(add('0.1', '0.2')).toBe('0.3');
    expect(subtract(0.3, 0.1)).toBe('0.2');
    expect(multiply(1.1, 3)).toBe('3.3');
    expect(multiply('19.99', 3)).toBe('59.97');
    expect(divide(0.3, 0.1)).toBe('3');
    expect(divide(1, 4)).toBe('0.25');
    expect(divide(1, 3)).toBe('0.3333333333333333333333333333333333333333');
    expect(divide(2, 3)).toBe('0.6666666666666666666666666666666666666667');
  });

  it('answers in plain notation, without exponents or a negative zero', () => {
    expect(multiply('0.0000001', '0.0000001')).toBe('0.00000000000001');
    expect(multiply('1e21', 10)).toBe('10000000000000000000000');
    expect(subtract('0.1', 0.1)).toBe('0');
    expect(multiply(-1, 0)).toBe('0');
  });

  it('throws a Chinese error on division by zero and on text that is not a number', () => {
    expect(() => divide(1, 0)).toThrowError('除数不能为 0');
    expect(() => divide(1, '0.00')).toThrowError('除数不能为 0');
    for (const bad of ['', 'abc', '1,000', '0x10', 'Infinity', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => add(bad, 1)).toThrowError('数值格式不正确');
    }
    expect(() => add('1e401', 1)).toThrowError('数值超出范围');
    expect(() => add('1e-401', 1)).toThrowError('数值超出范围');
    expect(() => add('1'.repeat(301), 1)).toThrowError('数值超出范围');
    expect(add('1e300', '1e-300')).toBe(`1${'0'.repeat(300)}.${'0'.repeat(299)}1`);
    expect(add(Number.MAX_VALUE, Number.MIN_VALUE)).toMatch(/^17976931348623157\d{292}\.0{323}5$/);
  });

  it('adds and subtracts exactly, as integer arithmetic on the scaled values does', () => {
    fc.assert(
      fc.property(scaled, scaled, (a, b) => {
        const places = Math.max(a.places, b.places);
        const ua = a.units * 10n ** BigInt(places - a.places);
        const ub = b.units * 10n ** BigInt(places - b.places);
        expect(add(text(a), text(b))).toBe(canonical(ua + ub, places));
        expect(subtract(text(a), text(b))).toBe(canonical(ua - ub, places));
      }),
    );
  });

  it('multiplies exactly and divides back to the factor', () => {
    fc.assert(
      fc.property(scaled, scaled, (a, b) => {
        const product = multiply(text(a), text(b));
        expect(product).toBe(canonical(a.units * b.units, a.places + b.places));
        if (b.units !== 0n) expect(divide(product, text(b))).toBe(canonical(a.units, a.places));
      }),
    );
  });

  it('undoes an addition with a subtraction', () => {
    fc.assert(
      fc.property(scaled, scaled, (a, b) => {
        expect(subtract(add(text(a), text(b)), text(b))).toBe(add(text(a), 0));
      }),
    );
  });

  it('treats every double as its shortest decimal text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Number(add(x, 0))).toBe(x === 0 ? 0 : x);
      }),
    );
  });
});

describe('formatMoney', () => {
  it('shows two places, rounding half up', () => {
    expect(formatMoney(3)).toBe('3.00');
    expect(formatMoney('12.345')).toBe('12.35');
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney('-2.675')).toBe('-2.68');
    expect(formatMoney(-0.001)).toBe('0.00');
    expect(formatMoney(add(0.1, 0.2))).toBe('0.30');
    expect(() => formatMoney('¥12')).toThrowError('数值格式不正确');
  });

  it('always has two places and stays within half a cent', () => {
    fc.assert(
      fc.property(scaled, (a) => {
        const money = formatMoney(text(a));
        expect(money).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.abs(Number(subtract(money, text(a))))).toBeLessThanOrEqual(0.005);
      }),
    );
  });
});
