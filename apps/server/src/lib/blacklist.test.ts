import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { blacklistedSql, isBlacklisted } from './blacklist';
import { queryRows } from './sql-rows';

// The one blacklist rule: a black_user row of the pharmacy with the account id, or with the account's phone.

let t: TestApp;
let p1: number;
let p2: number;

async function newAccount(phone: string) {
  const { rows } = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into account (phone, phone_user_id, name) values (${phone}, ${`bltest-${phone}`}, '测试') returning id`,
  );
  return rows[0].id;
}

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await queryRows<{ id: number }>(t.database.db, sql`select id from pharmacy order by id limit 2`);
  [p1, p2] = rows.map((r) => r.id);
});
afterAll(async () => t?.close());

describe('isBlacklisted', () => {
  it('matches by account id, by phone, and only at that pharmacy', async () => {
    const byAccount = await newAccount('13712340001');
    const byPhone = await newAccount('13712340002');
    const clean = await newAccount('13712340003');
    await t.database.db.execute(
      sql`insert into black_user (pharmacy_id, account_id, phone, reason) values
        (${p1}, ${byAccount}, '13712349999', '按账号'), (${p1}, null, '13712340002', '按手机号')`,
    );
    const db = t.database.db;
    expect(await isBlacklisted(db, p1, byAccount)).toBe(true);
    expect(await isBlacklisted(db, p1, byPhone)).toBe(true);
    expect(await isBlacklisted(db, p1, clean)).toBe(false);
    expect(await isBlacklisted(db, p2, byAccount)).toBe(false);
    expect(await isBlacklisted(db, p2, byPhone)).toBe(false);
    expect(await isBlacklisted(db, p1, 987654321)).toBe(false);

    // the SQL form agrees for a batch (with and without the phone expression)
    const { rows } = await queryRows<{ id: number; a: boolean; b: boolean }>(
      db,
      sql`select a.id, ${blacklistedSql(p1, sql`a.id`)} as a, ${blacklistedSql(sql`${p1}::int`, sql`a.id`, sql`a.phone`)} as b
        from account a where a.id = any(${sql.param([byAccount, byPhone, clean])}::int[]) order by a.id`,
    );
    expect(rows.map((r) => [r.a, r.b])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
  });
});
