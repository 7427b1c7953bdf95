import { z } from 'zod';

/** Mainland mobile number: 11 digits, 1 then 3–9. */
export const mobilePhoneSchema = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, { error: '手机号格式不正确' });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive({ error: 'ID 不正确' }) });

export const isoDateTime = z.string();
