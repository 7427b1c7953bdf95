import type { BlackUserListQuery } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

export interface BlackUserRow {
  id: number;
  phone: string;
  account_id: number | null;
  account_name: string | null;
  reason: string;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date | string;
}

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The keyword as the console's lists read it (docs/members.md): 11 digits = the full phone, 4 digits = its last
 * four, anything else = a part of the linked account's name.
 */
function keywordWhere(keyword: string | undefined): SQL | null {
  if (!keyword) return null;
  if (/^\d{11}$/.test(keyword)) return sql`b.phone = ${keyword}`;
  if (/^\d{4}$/.test(keyword)) return sql`right(b.phone, 4) = ${keyword}`;
  return sql`a.name like ${`%${likeEscape(keyword)}%`}`;
}

// the linked account: the row's account_id, else the account that has the phone (a phone-only row added before
// the patient registered still shows who it blocks)
const columns = sql`b.id, b.phone, coalesce(b.account_id, a.id) as account_id, a.name as account_name, b.reason,
  b.created_by, cb.name as created_by_name, b.created_at`;
const from = sql`black_user b
  left join account a on a.id = coalesce(b.account_id, (select x.id from account x where x.phone = b.phone))
  left join account cb on cb.id = b.created_by`;

/** The only place that knows how the blacklist is stored. Every statement names the pharmacy. */
export class BlacklistRepository {
  constructor(readonly db: Database) {}

  async page(pharmacyId: number, query: BlackUserListQuery): Promise<{ rows: BlackUserRow[]; total: number }> {
    const where: SQL[] = [sql`b.pharmacy_id = ${pharmacyId}`];
    const kw = keywordWhere(query.keyword);
    if (kw) where.push(kw);
    const filtered = sql.join(where, sql` and `);
    const [{ rows }, { rows: count }] = await Promise.all([
      queryRows<BlackUserRow>(
        this.db,
        sql`select ${columns} from ${from} where ${filtered}
          order by b.created_at desc, b.id desc
          limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
      ),
      queryRows<{ n: number }>(this.db, sql`select count(*)::int as n from ${from} where ${filtered}`),
    ]);
    return { rows, total: count[0]?.n ?? 0 };
  }

  async find(pharmacyId: number, id: number): Promise<BlackUserRow | null> {
    const { rows } = await queryRows<BlackUserRow>(
      this.db,
      sql`select ${columns} from ${from} where b.pharmacy_id = ${pharmacyId} and b.id = ${id}`,
    );
    return rows[0] ?? null;
  }

  /**
   * Adds the phone (linked to the account that has it) in one statement; null when the phone is already on the
   * pharmacy's list (the unique (pharmacy_id, phone) makes two adds at once meet: one row, the other null).
   */
  async insert(pharmacyId: number, phone: string, reason: string, createdBy: number): Promise<number | null> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`insert into black_user (pharmacy_id, account_id, phone, reason, created_by)
        values (${pharmacyId}, (select id from account where phone = ${phone}), ${phone}, ${reason}, ${createdBy})
        on conflict (pharmacy_id, phone) do nothing
        returning id`,
    );
    return rows[0]?.id ?? null;
  }

  /** Hard delete; the removed row's phone and account (for the audit), or null when missing or another's. */
  async remove(pharmacyId: number, id: number): Promise<{ phone: string; account_id: number | null } | null> {
    const { rows } = await queryRows<{ phone: string; account_id: number | null }>(
      this.db,
      sql`delete from black_user where id = ${id} and pharmacy_id = ${pharmacyId} returning phone, account_id`,
    );
    return rows[0] ?? null;
  }
}
