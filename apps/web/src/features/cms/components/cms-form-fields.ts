import type { CmsField } from '../api/cms-admin';
import type { CmsItem } from '../api/get-cms-items';

export type FieldKind = 'text' | 'textarea' | 'number' | 'boolean' | 'image' | 'status' | 'json';

export interface FormField {
  name: string;
  kind: FieldKind;
  required: boolean;
  maxLength?: number;
}

/** Fields the server keeps: never edited in the form. */
const SYSTEM_FIELDS = new Set([
  'id',
  'created_at',
  'updated_at',
  'date_created',
  'date_updated',
  'user_created',
  'user_updated',
]);
const IMAGE_NAME = /(^|_)(image|icon|logo|img|cover|avatar)(_url)?$/;
const NUMBER_TYPES = new Set(['integer', 'bigInteger', 'float', 'decimal', 'number']);

function kindOf(name: string, type: string, iface?: string | null, maxLength?: number | null): FieldKind {
  if (name === 'status') return 'status';
  if (iface === 'file-image' || IMAGE_NAME.test(name)) return 'image';
  if (type === 'boolean') return 'boolean';
  if (NUMBER_TYPES.has(type)) return 'number';
  if (type === 'json' || type === 'array' || type === 'csv') return 'json';
  if (type === 'text' || (maxLength ?? 0) > 200) return 'textarea';
  return 'text';
}

/** The form of a collection, from its `/fields` description. */
export function formFieldsFromSchema(fields: CmsField[]): FormField[] {
  return fields
    .filter((f) => !SYSTEM_FIELDS.has(f.field) && !f.meta?.hidden && !f.meta?.readonly && !f.schema?.is_primary_key)
    .map((f) => ({
      name: f.field,
      kind: kindOf(f.field, f.type, f.meta?.interface, f.schema?.max_length),
      required: f.meta?.required === true,
      maxLength: f.schema?.max_length ?? undefined,
    }));
}

/** The form of a collection inferred from its rows, when the server does not describe its fields. */
export function formFieldsFromRows(rows: CmsItem[]): FormField[] {
  const seen = new Map<string, unknown>();
  for (const row of rows)
    for (const [k, v] of Object.entries(row)) if (!seen.has(k) || seen.get(k) === null) seen.set(k, v);
  return [...seen.entries()]
    .filter(([k]) => !SYSTEM_FIELDS.has(k))
    .map(([name, v]) => {
      const type =
        typeof v === 'number'
          ? 'number'
          : typeof v === 'boolean'
            ? 'boolean'
            : v !== null && typeof v === 'object'
              ? 'json'
              : 'string';
      const long = typeof v === 'string' && v.length > 80;
      return { name, kind: kindOf(name, long ? 'text' : type), required: false };
    });
}

/** Form values → item payload (JSON fields parsed; empty numbers become null). Throws on bad JSON. */
export function toPayload(fields: FormField[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'json') out[f.name] = typeof v === 'string' && v.trim() ? JSON.parse(v) : null;
    else if (f.kind === 'number') out[f.name] = v === undefined || v === '' ? null : v;
    else out[f.name] = v ?? (f.kind === 'boolean' ? false : '');
  }
  return out;
}

/** Item → form values (JSON fields shown as text). */
export function toFormValues(fields: FormField[], item: CmsItem | undefined): Record<string, unknown> {
  if (!item) return Object.fromEntries(fields.filter((f) => f.kind === 'status').map((f) => [f.name, 'published']));
  return Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.kind === 'json' && item[f.name] != null ? JSON.stringify(item[f.name], null, 2) : item[f.name],
    ]),
  );
}
