import { z } from 'zod';
import { dateSchema, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

/** Filters of the operator's audit log list; dates are whole days in Asia/Shanghai. */
export const auditLogQuerySchema = pageQuerySchema.extend({
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z0-9_.]*$/, { error: '操作类型格式不正确' })
    .optional(),
  account_id: idTextSchema.optional(),
  pharmacy_id: idTextSchema.optional(),
  date_from: dateSchema.optional(),
  date_to: dateSchema.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  account_id: z.number().int().nullable(),
  account_phone: z.string().nullable(),
  account_name: z.string().nullable(),
  pharmacy_id: z.number().int().nullable(),
  action: z.string(),
  target: z.string(),
  detail: z.unknown(),
  ip: z.string(),
});
