import type { PharmacyRole } from '@pharmacy/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { account, session } from '../db/schema/index';

export interface MembershipRow {
  pharmacy_id: number;
  role: PharmacyRole;
  permissions: string[];
  name: string;
  logo_url: string;
  city: string;
  status: 'pending' | 'active' | 'suspended' | 'rejected';
  /** The operator's reason when rejected or suspended (issue 17), '' otherwise. */
  status_reason: string;
}

export interface AccountAccessRow {
  accountId: number;
  phone: string;
  phoneUserId: string;
  name: string;
  headImgUrl: string;
  eCommerce: boolean;
  status: 'active' | 'disabled';
  memberships: MembershipRow[];
  /** The account's active doctor profile, if any. */
  doctorId: number | null;
  adminPermissions: string[] | null;
}

export interface SessionAccessRow extends AccountAccessRow {
  sessionId: number;
  sessionExpiresAt: Date;
}

// qualified explicitly: drizzle leaves columns unqualified in single-table selects
const accountIdRef = sql.raw('"account"."id"');

/** Everything that decides what an account may do, fetched in one round trip (memberships aggregated in SQL). */
const accessColumns = {
  accountId: account.id,
  phone: account.phone,
  phoneUserId: account.phoneUserId,
  name: account.name,
  headImgUrl: account.headImgUrl,
  eCommerce: account.eCommerce,
  status: account.status,
  memberships: sql<MembershipRow[]>`(
    select coalesce(json_agg(json_build_object(
      'pharmacy_id', m.pharmacy_id, 'role', m.role, 'permissions', m.permissions,
      'name', p.name, 'logo_url', p.logo_url, 'city', p.city, 'status', p.status,
      'status_reason', p.status_reason) order by m.id), '[]'::json)
    from pharmacy_member m join pharmacy p on p.id = m.pharmacy_id
    where m.account_id = ${accountIdRef} and m.status = 'active')`,
  doctorId: sql<
    number | null
  >`(select d.id from doctor d where d.account_id = ${accountIdRef} and d.status = 'active')`,
  adminPermissions: sql<string[] | null>`(
    select ap.admin_permissions from admin_profile ap where ap.account_id = ${accountIdRef} and ap.status = 'active')`,
};

export class PrincipalRepository {
  // Every authenticated request runs this: a named prepared statement skips query building and planning.
  private readonly bySession;

  constructor(private readonly db: Database) {
    this.bySession = db
      .select({ ...accessColumns, sessionId: session.id, sessionExpiresAt: session.expiresAt })
      .from(session)
      .innerJoin(account, eq(account.id, session.accountId))
      .where(
        and(
          eq(session.tokenSha256, sql.placeholder('hash')),
          isNull(session.revokedAt),
          gt(session.expiresAt, sql`now()`),
          eq(account.status, 'active'),
        ),
      )
      .limit(1)
      .prepare('principal_by_session');
  }

  /** The live session's account: unknown, expired and revoked tokens and disabled accounts all give nothing. */
  async bySessionHash(tokenSha256: string): Promise<SessionAccessRow | undefined> {
    const [row] = await this.bySession.execute({ hash: tokenSha256 });
    return row;
  }

  async byAccountId(accountId: number): Promise<AccountAccessRow | undefined> {
    const [row] = await this.db.select(accessColumns).from(account).where(eq(account.id, accountId)).limit(1);
    return row;
  }

  async revokeSession(sessionId: number): Promise<void> {
    await this.db
      .update(session)
      .set({ revokedAt: new Date() })
      .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
  }
}
