import { defineContracts } from '../common/contract';
import { pageResultSchema } from '../common/paging';
import { operatorAccess } from '../operator/operator.schema';
import { auditLogEntrySchema, auditLogQuerySchema } from './audit.schema';

/** The operator's view of the audit trail that every module writes. */
export const auditContracts = defineContracts('audit', {
  list: {
    method: 'GET',
    path: '/admin/audit_log',
    // the trail is for the platform's own operators holding all (权限管理's second tab, issue 17)
    access: operatorAccess.permission,
    summary: '操作日志（新的在前；按操作或操作组、账号或手机号、操作对象、药店、日期筛选）',
    query: auditLogQuerySchema,
    response: pageResultSchema(auditLogEntrySchema),
  },
});
