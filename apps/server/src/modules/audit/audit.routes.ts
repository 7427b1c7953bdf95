import { okEnvelope, pageResultSchema } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { AuditQueryRepository } from './audit.repository';
import { auditLogEntrySchema, auditLogQuerySchema } from './audit.schema';

export async function auditRoutes(app: FastifyInstance, { repo }: { repo: AuditQueryRepository }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // 'audit' is held only through "all": the trail is for the platform's own operators
  r.get(
    '/admin/audit_log',
    {
      onRequest: app.requireAdmin('audit'),
      schema: {
        tags: ['audit'],
        security: [{ session: [] }],
        summary: '操作日志（新的在前；按操作、账号、药店、日期筛选）',
        querystring: auditLogQuerySchema,
        response: { 200: okEnvelope(pageResultSchema(auditLogEntrySchema)) },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.date_from && q.date_to && q.date_from > q.date_to) {
        throw AppError.badParams('date_from', '开始日期不能晚于结束日期');
      }
      const { rows, total } = await repo.page(q);
      return {
        code: 0 as const,
        msg: 'ok',
        data: {
          list: rows.map((e) => ({
            id: e.id,
            created_at: e.createdAt.toISOString(),
            account_id: e.accountId,
            account_phone: e.accountPhone,
            account_name: e.accountName,
            pharmacy_id: e.pharmacyId,
            action: e.action,
            target: e.target,
            detail: e.detail ?? null,
            ip: e.ip,
          })),
          total,
          page: q.page,
          page_size: q.page_size,
        },
      };
    },
  );
}
