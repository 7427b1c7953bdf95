import type { FormInstance } from 'antd';

type NamePath = Parameters<FormInstance['validateFields']>[0];

/** antd's `validateFields` rejects with `{ errorFields, values, outOfDate }` when a rule fails. */
export function isFormValidationError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { errorFields?: unknown }).errorFields) &&
    !(error instanceof Error)
  );
}

/**
 * The form's values when every rule passes, otherwise `undefined`: the fields already show their messages, so a
 * failed validation is not an error of the page. Every form submit goes through here instead of calling
 * `form.validateFields()` itself, whose rejection inside `void submit()` reached the error page. Other failures are
 * rethrown.
 *
 * ```ts
 * const values = await validatedValues(form);
 * if (!values) return;
 * ```
 */
export async function validatedValues<T>(form: FormInstance<T>, fields?: NamePath): Promise<T | undefined> {
  try {
    return fields === undefined ? await form.validateFields() : await form.validateFields(fields);
  } catch (error) {
    if (isFormValidationError(error)) return undefined;
    throw error;
  }
}
