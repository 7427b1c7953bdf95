import { defineContracts } from '../common/contract';
import { pageResultSchema } from '../common/paging';
import { auditLogEntrySchema, auditLogQuerySchema } from './audit.schema';

/** The operator's view of the audit trail that every module writes. */
export const auditContracts = defineContracts('audit', {
  list: {
    method: 'GET',
    path: '/admin/audit_log',
    // 'audit' is held only through "all": the trail is for the platform's own operators
    access: { admin: 'audit' },
    summary: '操作日志（新的在前；按操作、账号、药店、日期筛选）',
    query: auditLogQuerySchema,
    response: pageResultSchema(auditLogEntrySchema),
  },
});
