import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { isApiError } from '../lib/http';

/**
 * An antd rule from one field of a shared zod schema: the form shows the server's own Chinese message for the same
 * value before anything is sent.
 */
export const zodRule = (schema: z.ZodType): Rule => ({
  validator: async (_rule, value) => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
  },
});

/**
 * Puts a server refusal that names one of the form's fields under that field: a 400 "<field> <reason>" (the
 * validation envelope; AppError.badParams) or a refusal whose `data.field` names it (409 快捷短语已存在 → 'shortcut';
 * `work_days.0` → work_days; a dotted name such as config.pass_score is a nested field when the form lists it so).
 * The HTTP layer has shown the message as a toast too. Answers whether it found the field.
 */
export function showServerFieldError(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  const named = (error.data as { field?: unknown } | null)?.field;
  const fromData = typeof named === 'string' ? fields.find((f) => named === f || named.startsWith(`${f}.`)) : undefined;
  const fromMsg = fields.find((f) => error.msg.startsWith(`${f} `) || error.msg.startsWith(`${f}.`));
  const field = fromData ?? fromMsg;
  if (!field) return false;
  const prefix = /^[A-Za-z_][\w.]*\s/.exec(error.msg);
  const reason = prefix?.[0].startsWith(field) ? error.msg.slice(prefix[0].length) : error.msg;
  form.setFields([{ name: field.split('.'), errors: [reason] }]);
  return true;
}
