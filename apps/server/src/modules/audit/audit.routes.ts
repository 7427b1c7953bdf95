import { auditContracts as c } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { ok, route } from '../../lib/route';
import type { AuditQueryRepository } from './audit.repository';

export async function auditRoutes(app: FastifyInstance, { repo }: { repo: AuditQueryRepository }) {
  route(app, c.list, async (request) => {
    const q = request.query;
    if (q.date_from && q.date_to && q.date_from > q.date_to) {
      throw AppError.badParams('date_from', '开始日期不能晚于结束日期');
    }
    const { rows, total } = await repo.page(q);
    return ok({
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
    });
  });
}
