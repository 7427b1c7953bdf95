import Decimal from 'decimal.js';

export type DecimalInput = string | number;

export const DECIMAL_INVALID_MESSAGE = '数值格式不正确';
export const DIVIDE_BY_ZERO_MESSAGE = '除数不能为 0';

export const DECIMAL_OUT_OF_RANGE_MESSAGE = '数值超出范围';

/** Inputs are bounded (every double fits) so that sums, differences and products always fit EXACT's precision. */
const MAX_INPUT_DIGITS = 300;
const MAX_INPUT_EXPONENT = 400;
const config = { rounding: Decimal.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 } as const;
/** Private Decimal classes, so no other code's Decimal.set reaches them; EXACT never has to round. */
const EXACT = /* @__PURE__ */ Decimal.clone({ ...config, precision: 4 * (MAX_INPUT_DIGITS + MAX_INPUT_EXPONENT) });
const DIVISION = /* @__PURE__ */ Decimal.clone({ ...config, precision: 40 });
type Dec = InstanceType<typeof EXACT>;

function toDecimal(value: DecimalInput): Dec {
  const ok =
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(value));
  if (!ok) throw new Error(DECIMAL_INVALID_MESSAGE);
  const d = new EXACT(typeof value === 'string' ? value.trim() : value);
  if (!d.isZero() && (d.sd() > MAX_INPUT_DIGITS || Math.abs(d.e) > MAX_INPUT_EXPONENT)) {
    throw new Error(DECIMAL_OUT_OF_RANGE_MESSAGE);
  }
  return d;
}

/** Plain notation, never exponent form, and no "-0". */
const text = (d: Dec) => (d.isZero() ? '0' : d.toFixed());

/** Exact: no rounding ever. Numbers enter by their shortest decimal text (0.1 is 0.1, not 0.1000000000000000055…), so add(0.1, 0.2) is '0.3'. */
export const add = (a: DecimalInput, b: DecimalInput): string => text(toDecimal(a).plus(toDecimal(b)));
export const subtract = (a: DecimalInput, b: DecimalInput): string => text(toDecimal(a).minus(toDecimal(b)));
export const multiply = (a: DecimalInput, b: DecimalInput): string => text(toDecimal(a).times(toDecimal(b)));

/** Division to 40 significant digits, half up (1/3 has no exact form); dividing by zero throws 除数不能为 0. */
export function divide(a: DecimalInput, b: DecimalInput): string {
  const dividend = toDecimal(a);
  const divisor = toDecimal(b);
  if (divisor.isZero()) throw new Error(DIVIDE_BY_ZERO_MESSAGE);
  return text(new DIVISION(dividend).dividedBy(new DIVISION(divisor)));
}

/** Money with exactly two places, half up: 12.345 → '12.35', 3 → '3.00', -0.001 → '0.00'. */
export function formatMoney(value: DecimalInput): string {
  const rounded = toDecimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return (rounded.isZero() ? new EXACT(0) : rounded).toFixed(2);
}
