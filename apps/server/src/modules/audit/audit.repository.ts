import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, auditLog } from '../../db/schema/index';
import type { AuditLogQuery } from './audit.schema';

/** A day in Asia/Shanghai (UTC+8, no daylight saving) as its first instant. */
const shanghaiDay = (date: string) => new Date(`${date}T00:00:00+08:00`);
const nextDay = (d: Date) => new Date(d.getTime() + 86_400_000);

export class AuditQueryRepository {
  constructor(private readonly db: Database) {}

  /** Newest first, served by the primary key (and by the action/created_at and account/id indexes when filtered). */
  async page(query: AuditLogQuery) {
    const where: SQL[] = [];
    if (query.action) where.push(eq(auditLog.action, query.action));
    if (query.account_id) where.push(eq(auditLog.accountId, query.account_id));
    if (query.pharmacy_id) where.push(eq(auditLog.pharmacyId, query.pharmacy_id));
    if (query.date_from) where.push(gte(auditLog.createdAt, shanghaiDay(query.date_from)));
    if (query.date_to) where.push(lt(auditLog.createdAt, nextDay(shanghaiDay(query.date_to))));
    const condition = where.length ? and(...where) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          accountId: auditLog.accountId,
          accountPhone: account.phone,
          accountName: account.name,
          pharmacyId: auditLog.pharmacyId,
          action: auditLog.action,
          target: auditLog.target,
          detail: auditLog.detail,
          ip: auditLog.ip,
        })
        .from(auditLog)
        .leftJoin(account, eq(account.id, auditLog.accountId))
        .where(condition)
        .orderBy(desc(auditLog.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ n: count() }).from(auditLog).where(condition),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
}
