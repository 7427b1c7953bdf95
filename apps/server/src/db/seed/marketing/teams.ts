import { grantableKeysByRole, patientLinks } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../lib/crypto';
import { queryRows } from '../../../lib/sql-rows';
import { DEMO_PASSWORD, demoPharmacies } from '../demo-data';
import type { MarketingSeedContext, Tx } from './context';

/** The customer-service member the marketing demo adds to the Pudong store (the second team's). */
export const marketingStaff = [{ phone: '13800000031', name: '周晓敏' }] as const;

/** The first demo pharmacy (仁心大药房(上海浦东店)). */
export async function pudongId(tx: Tx): Promise<number | null> {
  const { rows } = await queryRows<{ id: number }>(
    tx,
    sql`select id from pharmacy where name = ${demoPharmacies[0].name} order by id limit 1`,
  );
  return rows[0]?.id ?? null;
}

const memberOf = async (tx: Tx, pharmacyId: number, phone: string) =>
  (
    await queryRows<{ id: number; account_id: number }>(
      tx,
      sql`select pm.id, pm.account_id from pharmacy_member pm join account a on a.id = pm.account_id
        where pm.pharmacy_id = ${pharmacyId} and a.phone = ${phone}`,
    )
  ).rows[0] ?? null;

/**
 * Teams (团队管理): the Pudong store gets 浦东客服二组 (led by 郑佳怡, with the new customer-service member 周晓敏)
 * beside 浦东客服一组 (seed/index.ts: 陈志强, 王丽娟, 吴婷婷). Every active customer-service member has a
 * customer_service row whose qrcode_url is their personal code's link (patientLinks.staffInvite); the team sits on
 * both pharmacy_member.team_id and customer_service.team_id.
 */
export async function seedTeams(ctx: MarketingSeedContext): Promise<void> {
  const { tx } = ctx;
  const pharmacyId = await pudongId(tx);
  if (pharmacyId === null) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const s of marketingStaff) {
    await tx.execute(
      sql`insert into account (phone, phone_user_id, name, password_hash)
        values (${s.phone}, ${`pu_${s.phone}`}, ${s.name}, ${passwordHash}) on conflict (phone) do nothing`,
    );
    await tx.execute(
      sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
        select ${pharmacyId}, a.id, 'customer_service', ${`{${grantableKeysByRole.customer_service.join(',')}}`}::text[]
        from account a where a.phone = ${s.phone}
        on conflict do nothing`,
    );
  }

  const leader = await memberOf(tx, pharmacyId, '13800000013');
  const { rows: existing } = await queryRows<{ id: number }>(
    tx,
    sql`select id from team where pharmacy_id = ${pharmacyId} and name = '浦东客服二组'`,
  );
  const teamId =
    existing[0]?.id ??
    (
      await queryRows<{ id: number }>(
        tx,
        sql`insert into team (pharmacy_id, name, leader_account_id)
          values (${pharmacyId}, '浦东客服二组', ${leader?.account_id ?? null}) returning id`,
      )
    ).rows[0].id;

  for (const phone of ['13800000013', ...marketingStaff.map((s) => s.phone)]) {
    const m = await memberOf(tx, pharmacyId, phone);
    if (!m) continue;
    await tx.execute(sql`update pharmacy_member set team_id = ${teamId} where id = ${m.id}`);
    await tx.execute(
      sql`insert into customer_service (pharmacy_id, member_id, team_id) values (${pharmacyId}, ${m.id}, ${teamId})
        on conflict (member_id) do update set team_id = excluded.team_id`,
    );
  }

  // every customer-service row (of every store) carries its member's personal code link
  const { rows: service } = await queryRows<{ id: number; member_id: number }>(
    tx,
    sql`select id, member_id from customer_service order by id`,
  );
  for (const cs of service) {
    await tx.execute(
      sql`update customer_service set qrcode_url = ${patientLinks.staffInvite(cs.member_id)} where id = ${cs.id}`,
    );
  }
}
