import { z } from 'zod';

/** Mainland mobile number: 11 digits, 1 then 3–9. */
export const mobilePhoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: '手机号格式不正确' });

/**
 * The largest id a PostgreSQL `integer` column holds (2³¹−1). Every id a client sends is bounded by it, so that a
 * larger one is refused as bad input instead of reaching the database (which raises 22003, out of range).
 */
export const ID_MAX = 2_147_483_647;
export const ID_ERROR = 'ID 不正确';

/** A row id in a JSON body: a positive integer up to ID_MAX. `error` replaces 'ID 不正确' where a form names it. */
export const idNumber = (error: string = ID_ERROR) =>
  z.number({ error }).int({ error }).positive({ error }).max(ID_MAX, { error });

/** A row id in a path or a query string: the text is coerced to a number, then bounded as idNumber. */
export const idText = (error: string = ID_ERROR) =>
  z.coerce.number({ error }).int({ error }).positive({ error }).max(ID_MAX, { error });

/** A row id in a JSON body. */
export const idSchema = idNumber();
/** A row id in a path or a query string. */
export const idTextSchema = idText();

export const idParamSchema = z.object({ id: idTextSchema });

/**
 * Calendar dates a client may send (filters, birthdays, licence expiry): PostgreSQL has no year 0 and JavaScript
 * shifts years below 100, so dates outside this range are refused rather than passed on.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2100-12-31';

/** A real calendar date as YYYY-MM-DD between DATE_MIN and DATE_MAX. */
export const dateSchema = z.iso
  .date({ error: '日期格式应为 YYYY-MM-DD' })
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, { error: `日期应在 ${DATE_MIN} 至 ${DATE_MAX} 之间` });

export const isoDateTime = z.string();
