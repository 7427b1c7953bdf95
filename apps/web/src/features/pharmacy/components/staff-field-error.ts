import type { FormInstance } from 'antd';
import { isApiError } from '../../../lib/http';

/**
 * Puts a refusal the server named a field in (400000 `msg` = "<field> <reason>", AppError.badParams) under that field
 * of the form; the HTTP layer has toasted it already. Answers whether it found the field.
 */
export function showFieldError(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!isApiError(error) || error.httpCode !== 400) return false;
  const field = fields.find((f) => error.msg.startsWith(`${f} `));
  if (!field) return false;
  form.setFields([{ name: field, errors: [error.msg.slice(field.length + 1)] }]);
  return true;
}
