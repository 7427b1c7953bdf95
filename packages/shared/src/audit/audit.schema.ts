import { z } from 'zod';
import { dateSchema, idTextSchema } from '../common/fields';
import { pageQuerySchema } from '../common/paging';

/**
 * Filters of the operator's audit log list; dates are whole days in Asia/Shanghai. `action` is an action or its group:
 * `auth.login` is that action (and any `auth.login.*`), `permission` or `permission.` every `permission.*` action.
 * `phone` is the actor's phone; `target` a target (`admin_profile:3`) or every target of a table (`admin_profile`).
 */
export const auditLogQuerySchema = pageQuerySchema.extend({
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z0-9_.]*$/, { error: '操作类型格式不正确' })
    .optional(),
  account_id: idTextSchema.optional(),
  phone: z
    .string()
    .trim()
    .regex(/^\d{11}$/, { error: '手机号应为 11 位数字' })
    .optional(),
  target: z
    .string()
    .trim()
    .max(200, { error: '操作对象最多 200 字' })
    .regex(/^[A-Za-z0-9_:.-]*$/, { error: '操作对象格式不正确' })
    .optional(),
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
