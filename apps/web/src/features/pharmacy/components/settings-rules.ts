import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { isApiError } from '../../../lib/http';

/**
 * An antd rule from one field of a shared zod schema: the form shows the server's own Chinese message for the same
 * value, before anything is sent.
 */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
  },
});

/**
 * Puts a refusal the server named a field in (400000, msg "<field> <reason>") under that field of the form; the HTTP
 * layer has toasted it already. Answers whether it found the field.
 */
export function showServerFieldError(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!isApiError(error) || error.httpCode !== 400) return false;
  const field = fields.find((f) => error.msg.startsWith(`${f} `));
  if (!field) return false;
  form.setFields([{ name: field, errors: [error.msg.slice(field.length + 1)] }]);
  return true;
}
