import Decimal from 'decimal.js';

export type DecimalInput = string | number;

export const DECIMAL_INVALID_MESSAGE = '数值格式不正确';
export const DIVIDE_BY_ZERO_MESSAGE = '除数不能为 0';

/** A private Decimal with 40 significant digits and half-up rounding, so no other code's Decimal.set reaches it. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 });
type Dec = InstanceType<typeof D>;

function toDecimal(value: DecimalInput): Dec {
  const ok =
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value));
  if (!ok) throw new Error(DECIMAL_INVALID_MESSAGE);
  return new D(typeof value === 'string' ? value.trim() : value);
}

/** Plain notation, never exponent form, and no "-0". */
const text = (d: Dec) => (d.isZero() ? '0' : d.toFixed());

/** Numbers enter by their shortest decimal text (0.1 is 0.1, not 0.1000000000000000055…), so add(0.1, 0.2) is '0.3'. */
export const add = (a: DecimalInput, b: DecimalInput): string => text(toDecimal(a).plus(toDecimal(b)));
export const subtract = (a: DecimalInput, b: DecimalInput): string => text(toDecimal(a).minus(toDecimal(b)));
export const multiply = (a: DecimalInput, b: DecimalInput): string => text(toDecimal(a).times(toDecimal(b)));

/** Division to 40 significant digits, half up; dividing by zero throws 除数不能为 0. */
export function divide(a: DecimalInput, b: DecimalInput): string {
  const divisor = toDecimal(b);
  if (divisor.isZero()) throw new Error(DIVIDE_BY_ZERO_MESSAGE);
  return text(toDecimal(a).dividedBy(divisor));
}

/** Money with exactly two places, half up: 12.345 → '12.35', 3 → '3.00', -0.001 → '0.00'. */
export function formatMoney(value: DecimalInput): string {
  const rounded = toDecimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return (rounded.isZero() ? new D(0) : rounded).toFixed(2);
}
