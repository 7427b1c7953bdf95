import { staffMemberSchema } from '@pharmacy/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, pharmacy, pharmacyMember } from '../../db/schema/index';
import { demoPharmacies } from '../../db/seed/demo-data';
import { createTestApp, headers, type TestApp } from '../../test/test-app';

let t: TestApp;
let p1: number;
let p2: number;
let p3: number;
let shop: string;
let adminAll: string;
let manager: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | undefined, pid?: number, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: headers(token, pid),
    ...(payload ? { payload } : {}),
  });

const accountIdOf = async (phone: string) =>
  (await t.database.db.select({ id: account.id }).from(account).where(eq(account.phone, phone)))[0]?.id;

const memberIdOf = async (phone: string, pharmacyId: number) => {
  const accountId = await accountIdOf(phone);
  const [row] = await t.database.db
    .select({ id: pharmacyMember.id })
    .from(pharmacyMember)
    .where(and(eq(pharmacyMember.accountId, accountId), eq(pharmacyMember.pharmacyId, pharmacyId)));
  return row.id;
};

/** Signs a phone in by SMS code, the way an account created here (no password) signs in. */
const smsLogin = async (phone: string) => {
  const ip = t.nextIp();
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/sms_code',
    payload: { phone },
    remoteAddress: ip,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = t.lastSmsCode(phone);
  expect(code).toMatch(/^\d{6}$/);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/admin/login',
    payload: { phone, sms_code: code },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
};

let phoneSerial = 0;
const freshPhone = () => `1370000${String(1000 + ++phoneSerial).slice(-4)}`;

/** The shop adds a member to p1 and returns the membership id and a signed-in session of that member. */
const addMember = async (role: string, permissions: string[], pid = p1) => {
  const phone = freshPhone();
  const res = await call('POST', '/pharmacy/admin_user', shop, pid, {
    phone,
    name: `成员${phoneSerial}`,
    role,
    permissions,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data.id as number, phone, token: await smsLogin(phone) };
};

beforeAll(async () => {
  t = await createTestApp();
  const ids = await t.database.db.select({ id: pharmacy.id, name: pharmacy.name }).from(pharmacy);
  [p1, p2, p3] = demoPharmacies.map((d) => ids.find((p) => p.name === d.name)!.id);
  shop = await t.login('13800000001');
  adminAll = await t.login('13800000002');
  manager = await t.login('13800000003');
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it.each([
    ['GET', '/pharmacy/admin_user'],
    ['POST', '/pharmacy/admin_user'],
    ['PUT', '/pharmacy/admin_user/1'],
    ['PUT', '/pharmacy/admin_user/1/permission'],
    ['PUT', '/pharmacy/admin_user/1/status'],
    ['DELETE', '/pharmacy/admin_user/1'],
  ] as const)('%s %s: 401 without a session, 403 without account_permission or membership', async (method, url) => {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await call(method, url, undefined, p1, payload)).statusCode).toBe(401);
    for (const phone of ['13800000004', '13800000006', '13800000008']) {
      const res = await call(method, url, await t.login(phone), p1, payload);
      expect(res.statusCode, phone).toBe(403);
    }
    // the shop of pharmacies 1 and 2 is nobody in pharmacy 3
    expect((await call(method, url, shop, p3, payload)).statusCode).toBe(403);
  });
});

describe('list', () => {
  it("lists the pharmacy's staff, owner first, phones masked, with roles, keys, status and team", async () => {
    const res = await call('GET', '/pharmacy/admin_user?page_size=100', shop, p1);
    expect(res.statusCode, res.body).toBe(200);
    const { list, total } = res.json().data;
    expect(total).toBe(list.length);
    for (const m of list) staffMemberSchema.strict().parse(m);
    expect(list[0]).toMatchObject({ name: '林建国', phone: '138****0001', role: 'shop', is_owner: true });
    expect(list.filter((m: { is_owner: boolean }) => m.is_owner)).toHaveLength(1);
    const han = list.find((m: { name: string }) => m.name === '韩雪');
    expect(han).toMatchObject({
      phone: '138****0008',
      role: 'pharmacy_admin',
      permissions: ['quote_manage', 'viper_manage', 'quote_set'],
    });
    expect(list.some((m: { status: string }) => m.status === 'disabled')).toBe(true);
    expect(list.find((m: { phone: string }) => m.phone === '138****0004').team).toMatchObject({ name: '浦东客服一组' });
    expect(JSON.stringify(list)).not.toMatch(/1380000\d{4}/);
    // pharmacy 2's own staff are not here
    expect(list.some((m: { name: string }) => m.name === '黄国栋')).toBe(false);
  });

  it('filters by role, status and keyword (name or phone digits)', async () => {
    const get = async (q: string) => (await call('GET', `/pharmacy/admin_user?${q}`, shop, p1)).json().data.list;
    const cs = await get('role=customer_service');
    expect(cs.length).toBeGreaterThan(1);
    expect(cs.every((m: { role: string }) => m.role === 'customer_service')).toBe(true);
    const disabled = await get('status=disabled');
    expect(disabled.map((m: { name: string }) => m.name)).toEqual(['马俊杰']);
    expect((await get(`keyword=${encodeURIComponent('韩')}`)).map((m: { name: string }) => m.name)).toEqual(['韩雪']);
    expect((await get('keyword=00000008')).map((m: { name: string }) => m.name)).toEqual(['韩雪']);
    expect(await get(`keyword=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it("answers each pharmacy's own staff", async () => {
    const list = (await call('GET', '/pharmacy/admin_user?page_size=100', shop, p2)).json().data.list;
    expect(list.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['黄国栋', '王丽娟', '许文博']));
    expect(list.some((m: { name: string }) => m.name === '韩雪')).toBe(false);
  });
});

describe('adding a member', () => {
  it('gives an unknown phone an account without a password that signs in by SMS code', async () => {
    const phone = freshPhone();
    const res = await call('POST', '/pharmacy/admin_user', shop, p1, {
      phone,
      name: '测试管理员',
      role: 'pharmacy_admin',
      permissions: ['quote_manage'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '测试管理员',
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      role: 'pharmacy_admin',
      permissions: ['quote_manage'],
      status: 'active',
      is_owner: false,
    });
    const [acc] = await t.database.db.select().from(account).where(eq(account.phone, phone));
    expect(acc.passwordHash).toBeNull();
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/admin/login',
      payload: { phone, password: 'Demo@12345' },
      remoteAddress: t.nextIp(),
    });
    expect(password.statusCode).toBe(400);
    const token = await smsLogin(phone);
    const mine = (await call('GET', '/pharmacy/me', token)).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: p1, role: 'pharmacy_admin', permissions: ['quote_manage'] })]);
  });

  it('refuses a phone already on the staff, in Chinese on the phone field', async () => {
    for (const phone of ['13800000002', '13800000015']) {
      const res = await call('POST', '/pharmacy/admin_user', shop, p1, { phone, name: '某人', role: 'manager' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('phone 该手机号已是本店成员');
    }
  });

  it("refuses a disabled account's phone and creates nothing", async () => {
    const phone = freshPhone();
    await t.database.db
      .insert(account)
      .values({ phone, phoneUserId: `pu_t_${phone}`, name: '停用者', status: 'disabled' });
    const before = (await t.database.db.select({ id: pharmacyMember.id }).from(pharmacyMember)).length;
    const res = await call('POST', '/pharmacy/admin_user', shop, p1, { phone, name: '停用者', role: 'pharmacist' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('phone 该手机号的账号已被停用，不能添加');
    expect((await t.database.db.select({ id: pharmacyMember.id }).from(pharmacyMember)).length).toBe(before);
  });

  it("adds an existing account under its own name (a person's name is theirs)", async () => {
    const res = await call('POST', '/pharmacy/admin_user', shop, p2, {
      phone: '13900000001',
      name: '别的名字',
      role: 'pharmacist',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: '李小华', role: 'pharmacist', permissions: [] });
  });

  it('refuses bad input with Chinese messages naming the field', async () => {
    const bad = async (payload: object) => (await call('POST', '/pharmacy/admin_user', shop, p1, payload)).json();
    expect((await bad({ phone: '123', name: '某人', role: 'manager' })).msg).toMatch(/^phone 手机号格式不正确/);
    expect((await bad({ phone: freshPhone(), name: '', role: 'manager' })).msg).toMatch(/^name 请输入姓名/);
    expect((await bad({ phone: freshPhone(), name: '某人', role: 'manager', permissions: ['root'] })).msg).toMatch(
      /^permissions/,
    );
  });
});

describe('escalation through /pharmacy/role is refused', () => {
  it('nobody grants a key they do not hold; granting it to them first makes it possible', async () => {
    // a pharmacy_admin holding only account_permission
    const limited = await addMember('pharmacy_admin', ['account_permission']);
    const payload = () => ({
      phone: freshPhone(),
      name: '新客服',
      role: 'customer_service',
      permissions: ['order_read_pharmacy'],
    });
    const refused = await call('POST', '/pharmacy/admin_user', limited.token, p1, payload());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('不能授予自己没有的权限「订单管理」');
    // 'all' counts as every key of the target role
    const all = await call('POST', '/pharmacy/admin_user', limited.token, p1, { ...payload(), permissions: ['all'] });
    expect(all.statusCode).toBe(403);
    // without keys it may add
    expect(
      (await call('POST', '/pharmacy/admin_user', limited.token, p1, { ...payload(), permissions: [] })).statusCode,
    ).toBe(200);

    const grant = await call('PUT', `/pharmacy/admin_user/${limited.id}/permission`, shop, p1, {
      permissions: ['account_permission', 'order_read_pharmacy'],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const allowed = await call('POST', '/pharmacy/admin_user', limited.token, p1, payload());
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({ role: 'customer_service', permissions: ['order_read_pharmacy'] });
    // still not a key they lack, on someone they may edit
    const edit = await call('PUT', `/pharmacy/admin_user/${allowed.json().data.id}/permission`, limited.token, p1, {
      permissions: ['order_read_pharmacy', 'quote_set'],
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe('不能授予自己没有的权限「套餐管理」');
    // a key someone else granted may be kept (and removed) without holding it: keeping is not granting
    const csId = allowed.json().data.id;
    await call('PUT', `/pharmacy/admin_user/${csId}/permission`, shop, p1, {
      permissions: ['order_read_pharmacy', 'quote_set'],
    });
    const keep = await call('PUT', `/pharmacy/admin_user/${csId}/permission`, limited.token, p1, {
      permissions: ['quote_set'],
    });
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json().data.permissions).toEqual(['quote_set']);
    const removed = await call('PUT', `/pharmacy/admin_user/${csId}/permission`, limited.token, p1, {
      permissions: [],
    });
    expect(removed.statusCode).toBe(200);
    const back = await call('PUT', `/pharmacy/admin_user/${csId}/permission`, limited.token, p1, {
      permissions: ['quote_set'],
    });
    expect(back.statusCode).toBe(403);
  });

  it("refuses a key the member's role cannot hold, on the permissions field", async () => {
    const res = await call('POST', '/pharmacy/admin_user', shop, p1, {
      phone: freshPhone(),
      name: '某人',
      role: 'customer_service',
      permissions: ['quote_manage'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('permissions 客服不能拥有「报价管理」权限');
  });

  it("stores 'all' as the role's keys, never as a key that passes every check", async () => {
    const res = await call('POST', '/pharmacy/admin_user', shop, p1, {
      phone: freshPhone(),
      name: '全权客服',
      role: 'customer_service',
      permissions: ['all'],
    });
    expect(res.json().data.permissions).toEqual(['order_read_pharmacy', 'quote_set']);
  });

  it('nobody assigns a role above their own, and nobody assigns shop', async () => {
    const up = await call('POST', '/pharmacy/admin_user', manager, p1, {
      phone: freshPhone(),
      name: '某人',
      role: 'pharmacy_admin',
    });
    expect(up.statusCode).toBe(403);
    expect(up.json().msg).toBe('不能设置高于自己的角色');
    const cs = await memberIdOf('13800000012', p1);
    const promote = await call('PUT', `/pharmacy/admin_user/${cs}`, manager, p1, { role: 'pharmacy_admin' });
    expect(promote.statusCode).toBe(403);
    for (const token of [shop, adminAll]) {
      const add = await call('POST', '/pharmacy/admin_user', token, p1, {
        phone: freshPhone(),
        name: '某人',
        role: 'shop',
      });
      expect(add.statusCode).toBe(400);
      expect(add.json().msg).toMatch(/^role /);
      const edit = await call('PUT', `/pharmacy/admin_user/${cs}`, token, p1, { role: 'shop' });
      expect(edit.statusCode).toBe(400);
    }
  });

  it('nobody but the shop changes a member of their own rank or above', async () => {
    const han = await memberIdOf('13800000008', p1);
    const managerId = await memberIdOf('13800000003', p1);
    const attempts: [string, Method, string, object | undefined][] = [
      [adminAll, 'PUT', `/pharmacy/admin_user/${han}`, { name: '改名' }],
      [adminAll, 'PUT', `/pharmacy/admin_user/${han}/permission`, { permissions: [] }],
      [adminAll, 'PUT', `/pharmacy/admin_user/${han}/status`, { status: 'disabled' }],
      [adminAll, 'DELETE', `/pharmacy/admin_user/${han}`, undefined],
      [manager, 'PUT', `/pharmacy/admin_user/${managerId}/permission`, { permissions: [] }],
    ];
    for (const [token, method, url, payload] of attempts) {
      const res = await call(method, url, token, p1, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().msg).toMatch(/不能操作与自己同级或更高级别的成员|不能修改自己的权限/);
    }
    const list = (await call('GET', '/pharmacy/admin_user?keyword=00000008', shop, p1)).json().data.list;
    expect(list[0]).toMatchObject({
      name: '韩雪',
      status: 'active',
      permissions: ['quote_manage', 'viper_manage', 'quote_set'],
    });
    // the shop may
    const byShop = await call('PUT', `/pharmacy/admin_user/${han}/permission`, shop, p1, {
      permissions: ['quote_manage', 'viper_manage', 'quote_set'],
    });
    expect(byShop.statusCode).toBe(200);
  });

  it('the owner cannot be removed, disabled or demoted, by anyone, even another shop', async () => {
    const owner = await memberIdOf('13800000001', p1);
    // a second shop of pharmacy 1 who is not its owner
    const other = await addMember('pharmacist', []);
    await t.database.db.update(pharmacyMember).set({ role: 'shop' }).where(eq(pharmacyMember.id, other.id));
    for (const token of [shop, other.token, adminAll]) {
      const remove = await call('DELETE', `/pharmacy/admin_user/${owner}`, token, p1);
      expect(remove.statusCode).toBe(403);
      const disable = await call('PUT', `/pharmacy/admin_user/${owner}/status`, token, p1, { status: 'disabled' });
      expect(disable.statusCode).toBe(403);
      const demote = await call('PUT', `/pharmacy/admin_user/${owner}`, token, p1, { role: 'pharmacy_admin' });
      expect(demote.statusCode).toBe(403);
    }
    expect((await call('DELETE', `/pharmacy/admin_user/${owner}`, other.token, p1)).json().msg).toBe('店主不能被移除');
    expect(
      (await call('PUT', `/pharmacy/admin_user/${owner}`, other.token, p1, { role: 'pharmacy_admin' })).json().msg,
    ).toBe('不能修改店主的角色');
    const list = (await call('GET', '/pharmacy/admin_user', shop, p1)).json().data.list;
    expect(list[0]).toMatchObject({ name: '林建国', role: 'shop', status: 'active', is_owner: true });
  });

  it('nobody changes their own role, keys or status', async () => {
    const self = await memberIdOf('13800000002', p1);
    const tries: [Method, string, object | undefined, string][] = [
      ['PUT', `/pharmacy/admin_user/${self}`, { role: 'manager' }, '不能修改自己的角色'],
      ['PUT', `/pharmacy/admin_user/${self}/permission`, { permissions: ['quote_manage'] }, '不能修改自己的权限'],
      ['PUT', `/pharmacy/admin_user/${self}/status`, { status: 'disabled' }, '不能停用或启用自己'],
      ['DELETE', `/pharmacy/admin_user/${self}`, undefined, '不能移除自己'],
    ];
    for (const [method, url, payload, msg] of tries) {
      const res = await call(method, url, adminAll, p1, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(msg);
    }
  });

  it("another pharmacy's member answers like a missing one (404)", async () => {
    const hangzhouManager = await memberIdOf('13800000014', p2);
    const pudongCs = await memberIdOf('13800000012', p1);
    const tries: [string, number, number][] = [
      [adminAll, p1, hangzhouManager],
      [shop, p2, pudongCs],
      [shop, p1, 2_000_000_000],
    ];
    for (const [token, pid, id] of tries) {
      for (const [method, url, payload] of [
        ['PUT', `/pharmacy/admin_user/${id}`, { name: '改名' }],
        ['PUT', `/pharmacy/admin_user/${id}/permission`, { permissions: [] }],
        ['PUT', `/pharmacy/admin_user/${id}/status`, { status: 'disabled' }],
        ['DELETE', `/pharmacy/admin_user/${id}`, undefined],
      ] as const) {
        const res = await call(method, url, token, pid, payload);
        expect(res.statusCode, `${method} ${url} in ${pid}`).toBe(404);
        expect(res.json().msg).toBe('成员不存在或已被移除');
      }
    }
    const [row] = await t.database.db.select().from(pharmacyMember).where(eq(pharmacyMember.id, hangzhouManager));
    expect(row.status).toBe('active');
  });
});

describe('changes apply to the very next request', () => {
  it("a removed key refuses the member's next request (two sessions)", async () => {
    const member = await addMember('manager', ['account_permission', 'order_read_pharmacy']);
    expect((await call('GET', '/pharmacy/admin_user', member.token, p1)).statusCode).toBe(200);
    const res = await call('PUT', `/pharmacy/admin_user/${member.id}/permission`, shop, p1, {
      permissions: ['order_read_pharmacy'],
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/pharmacy/admin_user', member.token, p1)).statusCode).toBe(403);
    await call('PUT', `/pharmacy/admin_user/${member.id}/permission`, shop, p1, {
      permissions: ['account_permission'],
    });
    expect((await call('GET', '/pharmacy/admin_user', member.token, p1)).statusCode).toBe(200);
  });

  it('a disabled member is refused in that pharmacy and nowhere else', async () => {
    const member = await addMember('manager', ['account_permission']);
    const inP2 = await call('POST', '/pharmacy/admin_user', shop, p2, {
      phone: member.phone,
      name: '同一人',
      role: 'manager',
      permissions: ['account_permission'],
    });
    expect(inP2.statusCode).toBe(200);
    const off = await call('PUT', `/pharmacy/admin_user/${member.id}/status`, shop, p1, { status: 'disabled' });
    expect(off.json().data.status).toBe('disabled');
    const refused = await call('GET', '/pharmacy/admin_user', member.token, p1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('您不是该药店的成员');
    expect((await call('GET', '/pharmacy/admin_user', member.token, p2)).statusCode).toBe(200);
    expect((await call('GET', '/pharmacy/me', member.token)).json().data.map((p: { id: number }) => p.id)).toEqual([
      p2,
    ]);
    await call('PUT', `/pharmacy/admin_user/${member.id}/status`, shop, p1, { status: 'active' });
    expect((await call('GET', '/pharmacy/admin_user', member.token, p1)).statusCode).toBe(200);
  });

  it('a removed member is refused next; the account stays', async () => {
    const member = await addMember('manager', ['account_permission']);
    const res = await call('DELETE', `/pharmacy/admin_user/${member.id}`, shop, p1);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/pharmacy/admin_user', member.token, p1)).statusCode).toBe(403);
    expect(await accountIdOf(member.phone)).toBeTypeOf('number');
  });

  it('a role change keeps only the keys the new role can hold', async () => {
    const member = await addMember('manager', ['order_statistics', 'account_permission', 'quote_set']);
    const res = await call('PUT', `/pharmacy/admin_user/${member.id}`, shop, p1, { role: 'customer_service' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'customer_service', permissions: ['quote_set'] });
    expect((await call('GET', '/pharmacy/admin_user', member.token, p1)).statusCode).toBe(403);
  });
});

describe('names', () => {
  it('renames a member whose account is only this pharmacy’s; a shared account only its holder renames', async () => {
    const member = await addMember('pharmacist', []);
    const res = await call('PUT', `/pharmacy/admin_user/${member.id}`, shop, p1, { name: '周药师' });
    expect(res.json().data.name).toBe('周药师');
    const wang = await memberIdOf('13800000004', p1);
    const shared = await call('PUT', `/pharmacy/admin_user/${wang}`, shop, p1, { name: '王小娟' });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().msg).toMatch(/^name /);
    const self = await memberIdOf('13800000002', p1);
    expect((await call('PUT', `/pharmacy/admin_user/${self}`, adminAll, p1, { name: '周晓梅' })).statusCode).toBe(200);
  });
});
