import { patientLinks, teamListSchema } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { qrLinkCodeProvider } from '../../lib/mp-code';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, DEMO_PASSWORD, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let shop: string;
let admin: string;
let manager: string;
let cs: string;
let pharmacist: string;
let patient: string;
let p1: number;
let p2: number;

const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, q)).rows;

beforeAll(async () => {
  t = await createTestApp();
  [shop, admin, manager, cs, pharmacist, patient] = await Promise.all(
    ['13800000001', '13800000002', '13800000003', '13800000004', '13800000006', '13900000001'].map((p) => t.login(p)),
  );
  const [m] = await rows<{ pharmacy_id: number }>(
    sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
      where a.phone = '13800000003'`,
  );
  p1 = m.pharmacy_id;
  const [other] = await rows<{ pharmacy_id: number }>(
    sql`select pm.pharmacy_id from pharmacy_member pm join account a on a.id = pm.account_id
      where a.phone = '13800000014'`,
  );
  p2 = other.pharmacy_id;
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  token: string | undefined,
  pharmacyId: number | undefined,
  payload?: object,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers(token, pharmacyId), ...extra },
    ...(payload ? { payload } : {}),
  });

const memberIdOf = async (pharmacyId: number, phone: string) =>
  (
    await rows<{ id: number }>(
      sql`select pm.id from pharmacy_member pm join account a on a.id = pm.account_id
        where pm.pharmacy_id = ${pharmacyId} and a.phone = ${phone}`,
    )
  )[0].id;

/** A fresh staff account with a membership of the pharmacy (and a customer_service row for customer service). */
async function newStaff(pharmacyId: number, phone: string, role: 'manager' | 'customer_service' | 'pharmacist') {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [a] = await rows<{ id: number }>(
    sql`insert into account (phone, phone_user_id, name, password_hash)
      values (${phone}, ${`pu_${phone}`}, ${`员工${phone.slice(-4)}`}, ${passwordHash}) returning id`,
  );
  const [m] = await rows<{ id: number }>(
    sql`insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
      values (${pharmacyId}, ${a.id}, ${role}, '{}') returning id`,
  );
  if (role === 'customer_service') {
    await t.database.db.execute(
      sql`insert into customer_service (pharmacy_id, member_id) values (${pharmacyId}, ${m.id})`,
    );
  }
  return { accountId: a.id, memberId: m.id };
}

describe('access', () => {
  it('needs a session and a staff role of the pharmacy', async () => {
    expect((await call('GET', '/customer_service/team', undefined, p1)).statusCode).toBe(401);
    expect((await call('GET', '/customer_service/team', patient, p1)).statusCode).toBe(403);
    expect((await call('GET', '/customer_service/team', pharmacist, p1)).statusCode).toBe(403);
    for (const token of [shop, admin, manager, cs]) {
      expect((await call('GET', '/customer_service/team', token, p1)).statusCode).toBe(200);
    }
  });

  it('customer service cannot write', async () => {
    expect((await call('POST', '/customer_service/team', cs, p1, { name: '客服想建的组' })).statusCode).toBe(403);
    expect((await call('DELETE', '/customer_service/team/1', cs, p1)).statusCode).toBe(403);
    expect((await call('POST', '/customer_service/team/1/member', cs, p1, { member_id: 1 })).statusCode).toBe(403);
  });
});

describe('list', () => {
  it('shows teams with members, masked phones and customer counts that match customer_info', async () => {
    const res = await call('GET', '/customer_service/team', manager, p1);
    expect(res.statusCode).toBe(200);
    const data = teamListSchema.strict().parse(res.json().data);
    const one = data.teams.find((x) => x.name === '浦东客服一组');
    expect(one).toBeDefined();
    const wang = one!.members.find((m) => m.name === '王丽娟')!;
    expect(wang.phone).toBe('138****0004');
    const [raw] = await rows<{ n: number; m: number }>(
      sql`select count(*)::int as n,
          count(*) filter (where ci.created_at >= date_trunc('month', now() at time zone 'Asia/Shanghai')
            at time zone 'Asia/Shanghai')::int as m
        from customer_info ci where ci.pharmacy_id = ${p1} and ci.owner_account_id = ${wang.account_id}`,
    );
    expect(wang.customers).toBe(raw.n);
    expect(wang.new_customers_month).toBe(raw.m);
    expect(data.me).toBe(await memberIdOf(p1, '13800000003'));
    // the disabled customer service member is listed nowhere
    const all = [...data.teams.flatMap((x) => x.members), ...data.unassigned];
    expect(all.some((m) => m.name === '马俊杰')).toBe(false);
    expect(all.every((m) => m.role === 'manager' || m.role === 'customer_service')).toBe(true);
  });

  it('customer service sees only their own team, read-only, with their member id', async () => {
    const res = await call('GET', '/customer_service/team', cs, p1);
    const data = teamListSchema.parse(res.json().data);
    const mine = await memberIdOf(p1, '13800000004');
    expect(data.me).toBe(mine);
    expect(data.teams).toHaveLength(1);
    expect(data.teams[0].members.some((m) => m.member_id === mine)).toBe(true);
    expect(data.unassigned).toEqual([]);
  });
});

describe('teams and members', () => {
  it('creates, renames, refuses a taken name, and deletes only an empty team', async () => {
    const made = await call('POST', '/customer_service/team', manager, p1, { name: '  测试一组 ' });
    expect(made.statusCode).toBe(200);
    const team = made.json().data;
    expect(team.name).toBe('测试一组');
    expect(team.members).toEqual([]);

    const dup = await call('POST', '/customer_service/team', admin, p1, { name: '测试一组' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('团队名称已存在');

    const blank = await call('POST', '/customer_service/team', manager, p1, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toContain('请输入团队名称');
    const long = await call('POST', '/customer_service/team', manager, p1, { name: '组'.repeat(51) });
    expect(long.statusCode).toBe(400);

    const leader = await rows<{ id: number }>(sql`select id from account where phone = '13800000004'`);
    const renamed = await call('PUT', `/customer_service/team/${team.id}`, manager, p1, {
      name: '测试二组',
      leader_account_id: leader[0].id,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '测试二组', leader_name: '王丽娟' });

    // a pharmacist cannot lead
    const pharm = await rows<{ id: number }>(sql`select id from account where phone = '13800000006'`);
    const badLeader = await call('PUT', `/customer_service/team/${team.id}`, manager, p1, {
      name: '测试二组',
      leader_account_id: pharm[0].id,
    });
    expect(badLeader.statusCode).toBe(400);
    expect(badLeader.json().msg).toContain('leader_account_id');

    const staff = await newStaff(p1, '13616000001', 'customer_service');
    const add = await call('POST', `/customer_service/team/${team.id}/member`, manager, p1, {
      member_id: staff.memberId,
    });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.members.map((m: { member_id: number }) => m.member_id)).toEqual([staff.memberId]);
    const [both] = await rows<{ pm: number | null; cs: number | null }>(
      sql`select pm.team_id as pm, cs.team_id as cs from pharmacy_member pm
        join customer_service cs on cs.member_id = pm.id where pm.id = ${staff.memberId}`,
    );
    expect(both).toEqual({ pm: team.id, cs: team.id });

    const refused = await call('DELETE', `/customer_service/team/${team.id}`, manager, p1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('团队还有成员，请先移出成员再删除');

    const out = await call('DELETE', `/customer_service/team/${team.id}/member/${staff.memberId}`, manager, p1);
    expect(out.statusCode).toBe(200);
    expect(out.json().data.members).toEqual([]);
    const [cleared] = await rows<{ pm: number | null; cs: number | null }>(
      sql`select pm.team_id as pm, cs.team_id as cs from pharmacy_member pm
        join customer_service cs on cs.member_id = pm.id where pm.id = ${staff.memberId}`,
    );
    expect(cleared).toEqual({ pm: null, cs: null });
    expect(
      (await call('DELETE', `/customer_service/team/${team.id}/member/${staff.memberId}`, manager, p1)).statusCode,
    ).toBe(404);

    expect((await call('DELETE', `/customer_service/team/${team.id}`, manager, p1)).statusCode).toBe(200);
    expect((await call('DELETE', `/customer_service/team/${team.id}`, manager, p1)).statusCode).toBe(404);
    const audits = await rows<{ action: string }>(
      sql`select action from audit_log where target = ${`team:${team.id}`} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual([
      'team.create',
      'team.update',
      'team.member.add',
      'team.member.remove',
      'team.delete',
    ]);
  });

  it('moves a member between teams (one team at a time)', async () => {
    const a = (await call('POST', '/customer_service/team', manager, p1, { name: '移动A组' })).json().data;
    const b = (await call('POST', '/customer_service/team', manager, p1, { name: '移动B组' })).json().data;
    const staff = await newStaff(p1, '13616000002', 'manager');
    await call('POST', `/customer_service/team/${a.id}/member`, manager, p1, { member_id: staff.memberId });
    const moved = await call('POST', `/customer_service/team/${b.id}/member`, manager, p1, {
      member_id: staff.memberId,
    });
    expect(moved.json().data.members.map((m: { member_id: number }) => m.member_id)).toEqual([staff.memberId]);
    const list = teamListSchema.parse((await call('GET', '/customer_service/team', manager, p1)).json().data);
    expect(list.teams.find((x) => x.id === a.id)!.members).toEqual([]);
  });

  it('two concurrent creates of one name: exactly one wins', async () => {
    const res = await Promise.all(
      [manager, admin, shop].map((token) => call('POST', '/customer_service/team', token, p1, { name: '并发组' })),
    );
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('only active manager / customer_service members of the pharmacy can join', async () => {
    const team = (await call('POST', '/customer_service/team', manager, p1, { name: '成员校验组' })).json().data;
    const pharmacistMember = await memberIdOf(p1, '13800000006');
    const otherPharmacyMember = await memberIdOf(p2, '13800000017');
    const disabled = await memberIdOf(p1, '13800000015');
    for (const memberId of [pharmacistMember, otherPharmacyMember, disabled, 2_000_000_000]) {
      const res = await call('POST', `/customer_service/team/${team.id}/member`, manager, p1, { member_id: memberId });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('员工不存在或不在本药店');
    }
  });

  it("another pharmacy's team answers 404 like a missing one", async () => {
    const [theirs] = await rows<{ id: number }>(sql`select id from team where pharmacy_id = ${p2} limit 1`);
    const mine = await memberIdOf(p1, '13800000004');
    for (const res of [
      await call('PUT', `/customer_service/team/${theirs.id}`, manager, p1, { name: '改名' }),
      await call('DELETE', `/customer_service/team/${theirs.id}`, manager, p1),
      await call('POST', `/customer_service/team/${theirs.id}/member`, manager, p1, { member_id: mine }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('团队不存在');
    }
    const [still] = await rows<{ name: string }>(sql`select name from team where id = ${theirs.id}`);
    expect(still.name).not.toBe('改名');
  });
});

describe('personal code', () => {
  it('is a PNG QR code of the invitation link on the origin the console was reached at', async () => {
    const id = await memberIdOf(p1, '13800000004');
    const res = await call('GET', `/customer_service/${id}/qrcode`, manager, p1, undefined, {
      host: 'console.example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const expected = await qrLinkCodeProvider.code(patientLinks.staffInvite(id), 'http://console.example.com');
    expect(res.rawPayload.equals(expected)).toBe(true);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it("customer service gets their own code only; another pharmacy's member is missing", async () => {
    const mine = await memberIdOf(p1, '13800000004');
    expect((await call('GET', `/customer_service/${mine}/qrcode`, cs, p1)).statusCode).toBe(200);
    const other = await memberIdOf(p1, '13800000012');
    const refused = await call('GET', `/customer_service/${other}/qrcode`, cs, p1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('只能查看自己的二维码');
    const foreign = await memberIdOf(p2, '13800000017');
    expect((await call('GET', `/customer_service/${foreign}/qrcode`, manager, p1)).statusCode).toBe(404);
  });
});
