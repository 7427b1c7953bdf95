import type { FormInstance } from 'antd';
import { isApiError } from '../../../lib/http';

/**
 * Puts a server refusal that names one of the form's fields ("phone 手机号格式不正确", data.field) on that field;
 * answers whether it did (the HTTP layer has already shown the message as a toast otherwise).
 */
export function showServerFieldError(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!isApiError(error)) return false;
  const named = (error.data as { field?: unknown } | null)?.field;
  const field = typeof named === 'string' ? named : fields.find((f) => error.msg.startsWith(`${f} `));
  if (typeof field !== 'string' || !fields.includes(field)) return false;
  const reason = error.msg.startsWith(`${field} `) ? error.msg.slice(field.length + 1) : error.msg;
  form.setFields([{ name: field, errors: [reason] }]);
  return true;
}
