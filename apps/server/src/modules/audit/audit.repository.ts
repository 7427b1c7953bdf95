import { type AuditLogQuery, shanghaiDayEnd, shanghaiDayStart } from '@pharmacy/shared';
import { and, count, desc, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { account, auditLog } from '../../db/schema/index';

/** A LIKE pattern's literal part (`_` is a wildcard, and actions and tables contain it). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class AuditQueryRepository {
  constructor(private readonly db: Database) {}

  /** Newest first, served by the primary key (and by the action/created_at and account/id indexes when filtered). */
  async page(query: AuditLogQuery) {
    const where: SQL[] = [];
    // an action or its group: `permission` / `permission.` → every `permission.*`; `auth.login` → itself and `auth.login.*`
    const action = query.action?.replace(/\.+$/, '');
    if (action) where.push(or(eq(auditLog.action, action), like(auditLog.action, `${escapeLike(action)}.%`)) as SQL);
    if (query.account_id) where.push(eq(auditLog.accountId, query.account_id));
    if (query.phone) {
      where.push(
        sql`${auditLog.accountId} in (select ${account.id} from ${account} where ${account.phone} = ${query.phone})`,
      );
    }
    // a target (`admin_profile:3`) or every target of a table (`admin_profile`)
    if (query.target) {
      where.push(
        query.target.includes(':')
          ? eq(auditLog.target, query.target)
          : like(auditLog.target, `${escapeLike(query.target)}:%`),
      );
    }
    if (query.pharmacy_id) where.push(eq(auditLog.pharmacyId, query.pharmacy_id));
    // whole days in Asia/Shanghai (the schema has checked that both are real dates)
    const from = query.date_from ? shanghaiDayStart(query.date_from) : null;
    const to = query.date_to ? shanghaiDayEnd(query.date_to) : null;
    if (from) where.push(gte(auditLog.createdAt, from));
    if (to) where.push(lt(auditLog.createdAt, to));
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
