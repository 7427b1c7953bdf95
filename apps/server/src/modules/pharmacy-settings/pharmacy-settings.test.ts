import {
  expiryWindowEnd,
  pharmacyCourierSchema,
  pharmacySettingSchema,
  qualificationListSchema,
  shanghaiToday,
} from '@pharmacy/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  account,
  pharmacy,
  pharmacyCourier,
  pharmacyMember,
  pharmacyQualification,
  pharmacySetting,
  session,
} from '../../db/schema/index';
import { EXPIRING_GSP_DAYS } from '../../db/seed/console-settings';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { createTestApp, headers, type TestApp } from '../../test/test-app';
import { PharmacySettingsRepository } from './pharmacy-settings.repository';
import { PharmacySettingsService } from './pharmacy-settings.service';

let t: TestApp;
/** Pharmacy ids: 仁心大药房(上海浦东店), (杭州西湖店), 康宁药房(北京朝阳店). */
let p1: number;
let p2: number;
let p3: number;
/** pharmacy_admin of p1 with 'all'. */
let admin: string;
/** the shop owner of p1 and p2. */
let shop: string;
/** manager of p1: a staff role without pharmacy_setting. */
let manager: string;
/** pharmacist of p1: no keys at all. */
let pharmacist: string;
/** pharmacy_admin of p3 only, holding 'all'. */
let otherAll: string;

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, pharmacyId?: number, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token, pharmacyId), ...(payload ? { payload } : {}) });

const pharmacyIdByName = async (name: string) =>
  (await t.database.db.select({ id: pharmacy.id }).from(pharmacy).where(eq(pharmacy.name, name)))[0].id;

/** A staff account of `pharmacyId` with a session, made directly in the database. */
async function staffSession(phone: string, pharmacyId: number, role: 'pharmacy_admin', permissions: string[]) {
  const db = t.database.db;
  const [a] = await db
    .insert(account)
    .values({ phone, phoneUserId: `pu_${phone}`, name: '测试店长' })
    .returning({ id: account.id });
  await db.insert(pharmacyMember).values({ pharmacyId, accountId: a.id, role, permissions });
  const token = randomToken();
  await db
    .insert(session)
    .values({ accountId: a.id, tokenSha256: sha256Hex(token), expiresAt: new Date(Date.now() + 86_400_000) });
  return token;
}

const couriersOf = (pharmacyId: number) =>
  t.database.db.select().from(pharmacyCourier).where(eq(pharmacyCourier.pharmacyId, pharmacyId));
const settingOf = async (pharmacyId: number) =>
  (await t.database.db.select().from(pharmacySetting).where(eq(pharmacySetting.pharmacyId, pharmacyId)))[0];

const sfBody = {
  courier_code: 'SF',
  account_no: '0215678909',
  sender_name: '仁心大药房',
  sender_phone: '13912345678',
  sender_province: '上海市',
  sender_city: '上海市',
  sender_district: '浦东新区',
  sender_address: '张杨路 1588 号 1 楼',
};
const qualificationBody = {
  kind: 'gsp',
  number: 'A-SH-25-0001',
  images: ['/demo/aptitude/foundation-1-gsp.svg'],
  expire_at: '2030-01-01',
};

beforeAll(async () => {
  t = await createTestApp();
  p1 = await pharmacyIdByName('仁心大药房(上海浦东店)');
  p2 = await pharmacyIdByName('仁心大药房(杭州西湖店)');
  p3 = await pharmacyIdByName('康宁药房(北京朝阳店)');
  admin = await t.login('13800000002');
  shop = await t.login('13800000001');
  manager = await t.login('13800000003');
  pharmacist = await t.login('13800000006');
  otherAll = await staffSession('13700000301', p3, 'pharmacy_admin', ['all']);
});
afterAll(async () => {
  await t?.close();
});

/** Every route of the module with a body it accepts (ids filled in per test). */
const routes = (ids: { qualification: number; courier: number }) =>
  [
    ['GET', '/pharmacy/setting', undefined],
    [
      'PUT',
      '/pharmacy/setting',
      { freight: '6.00', free_freight_threshold: '99', auto_confirm_days: 7, service_phone: '021-58881234' },
    ],
    ['GET', '/pharmacy/receiving_account', undefined],
    ['PUT', '/pharmacy/receiving_account', { bank: '招商银行', account_name: '仁心' }],
    ['GET', '/pharmacy/qualification', undefined],
    ['POST', '/pharmacy/qualification', qualificationBody],
    ['PUT', `/pharmacy/qualification/${ids.qualification}`, qualificationBody],
    ['DELETE', `/pharmacy/qualification/${ids.qualification}`, undefined],
    ['GET', '/pharmacy/courier/companies', undefined],
    ['GET', '/pharmacy/courier', undefined],
    ['GET', `/pharmacy/courier/${ids.courier}`, undefined],
    ['POST', '/pharmacy/courier', { courier_code: 'EMS' }],
    ['PUT', `/pharmacy/courier/${ids.courier}`, { courier_code: 'EMS' }],
    ['DELETE', `/pharmacy/courier/${ids.courier}`, undefined],
    ['PUT', `/pharmacy/courier/${ids.courier}/default`, undefined],
  ] as const;

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    for (const [method, url, body] of [
      ...routes({ qualification: 1, courier: 1 }),
      ['GET', '/pharmacy/qualification/alerts', undefined] as const,
    ]) {
      const res = await call(method, url, undefined, p1, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('needs pharmacy_setting: a manager and a pharmacist without it get 403 on every route', async () => {
    for (const [method, url, body] of routes({ qualification: 1, courier: 1 })) {
      for (const token of [manager, pharmacist]) {
        const res = await call(method, url, token, p1, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe(403000);
      }
    }
  });

  it("refuses another pharmacy's staff holding 'all': 403 naming the pharmacy, 404 for its rows from their own", async () => {
    const [q] = await t.database.db
      .select({ id: pharmacyQualification.id })
      .from(pharmacyQualification)
      .where(eq(pharmacyQualification.pharmacyId, p1));
    const [courier] = await couriersOf(p1);
    const before = { q: await t.database.db.select().from(pharmacyQualification), c: await couriersOf(p1) };
    for (const [method, url, body] of routes({ qualification: q.id, courier: courier.id })) {
      const named = await call(method, url, otherAll, p1, body);
      expect(named.statusCode, `${method} ${url} naming p1`).toBe(403);
      if (url.match(/\/\d+/)) {
        const own = await call(method, url, otherAll, p3, body);
        expect(own.statusCode, `${method} ${url} from p3`).toBe(404);
      }
    }
    expect((await call('GET', '/pharmacy/qualification/alerts', otherAll, p1)).statusCode).toBe(403);
    expect(await t.database.db.select().from(pharmacyQualification)).toEqual(before.q);
    expect(await couriersOf(p1)).toEqual(before.c);
  });

  it('lets the key holder, the shop owner and (for the header alert) any staff member in', async () => {
    for (const token of [admin, shop]) {
      const res = await call('GET', '/pharmacy/setting', token, p1);
      expect(res.statusCode).toBe(200);
    }
    for (const token of [admin, manager, pharmacist]) {
      const res = await call('GET', '/pharmacy/qualification/alerts', token, p1);
      expect(res.statusCode).toBe(200);
    }
    // the owner's other store answers its own settings
    const other = await call('GET', '/pharmacy/setting', shop, p2);
    expect(other.json().data.service_phone).toBe('0571-87651234');
  });
});

describe('settings', () => {
  it('answers the seeded settings, with the SF account and default courier mirrored from the couriers', async () => {
    const data = (await call('GET', '/pharmacy/setting', admin, p1)).json().data;
    pharmacySettingSchema.strict().parse(data);
    expect(data).toMatchObject({
      freight: '6.00',
      free_freight_threshold: '99.00',
      default_courier: 'SF',
      default_courier_name: '顺丰速运',
      sf_account: '0215678901',
      service_phone: '021-58881234',
      expiry_warning_months: 6,
    });
  });

  it.each([
    [{ freight: '-1' }, 'freight 运费须为不小于 0 的金额，最多两位小数'],
    [{ freight: '6.123' }, 'freight 运费须为不小于 0 的金额，最多两位小数'],
    [{ auto_confirm_days: 31 }, 'auto_confirm_days 自动确认收货天数须为 1–30 的整数'],
    [{ service_phone: '58881234' }, 'service_phone 客服电话格式不正确，如 13800000000 或 020-12345678'],
    [{ default_courier: 'EMS' }, 'default_courier 须为本店已启用的快递，请先在快递设置中添加'],
  ])('refuses %o with a message naming the field', async (patch, msg) => {
    const body = { freight: '8', free_freight_threshold: '', auto_confirm_days: 5, service_phone: '4008201234' };
    const before = await settingOf(p2);
    const res = await call('PUT', '/pharmacy/setting', shop, p2, { ...body, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400000, msg });
    expect(await settingOf(p2)).toEqual(before);
  });

  it('saves money as two-place decimals, an empty threshold as none, and a default courier by code', async () => {
    const res = await call('PUT', '/pharmacy/setting', shop, p2, {
      freight: '8.5',
      free_freight_threshold: '',
      auto_confirm_days: 10,
      default_courier: 'ZTO',
      service_phone: '400-820-1234',
      expiry_warning_months: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      freight: '8.50',
      free_freight_threshold: null,
      auto_confirm_days: 10,
      default_courier: 'ZTO',
      default_courier_name: '中通快递',
      expiry_warning_months: 3,
    });
    const defaults = (await couriersOf(p2)).filter((c) => c.isDefault);
    expect(defaults.map((c) => c.courierCode)).toEqual(['ZTO']);
    // clearing the default clears the flag
    const cleared = await call('PUT', '/pharmacy/setting', shop, p2, {
      freight: '8.50',
      auto_confirm_days: 10,
      default_courier: '',
      service_phone: '400-820-1234',
    });
    expect(cleared.json().data).toMatchObject({ default_courier: '', expiry_warning_months: 3 });
    expect((await couriersOf(p2)).some((c) => c.isDefault)).toBe(false);
  });
});

describe('receiving account', () => {
  it('shows only the last four digits, keeps the number when none is sent, and stores a new one whole', async () => {
    const shown = (await call('GET', '/pharmacy/receiving_account', admin, p1)).json().data;
    expect(shown).toEqual({
      bank: '招商银行上海分行张江支行',
      account_name: '上海仁心大药房连锁有限公司浦东分公司',
      account_no: '***********0801',
      has_account_no: true,
    });
    const kept = await call('PUT', '/pharmacy/receiving_account', admin, p1, {
      bank: '招商银行上海分行陆家嘴支行',
      account_name: '上海仁心大药房连锁有限公司浦东分公司',
    });
    expect(kept.json().data.account_no).toBe('***********0801');
    expect((await settingOf(p1)).receivingAccountNo).toBe('121909876510801');

    const changed = await call('PUT', '/pharmacy/receiving_account', admin, p1, {
      bank: '招商银行上海分行陆家嘴支行',
      account_name: '上海仁心大药房连锁有限公司浦东分公司',
      account_no: '6214 8302 1234 5678',
    });
    expect(changed.json().data.account_no).toBe('************5678');
    expect(JSON.stringify(changed.json())).not.toContain('6214830212345678');
    expect((await settingOf(p1)).receivingAccountNo).toBe('6214830212345678');
  });

  it('refuses a short or non-digit number with the field named', async () => {
    for (const accountNo of ['1234567', '6214abcd12345678', '1'.repeat(31)]) {
      const res = await call('PUT', '/pharmacy/receiving_account', admin, p1, {
        bank: '招商银行',
        account_name: '仁心',
        account_no: accountNo,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('account_no 银行账号须为 8–30 位数字');
    }
    expect((await call('PUT', '/pharmacy/receiving_account', admin, p1, { account_name: '仁心' })).json().msg).toBe(
      'bank 请输入开户银行',
    );
  });
});

describe('qualifications', () => {
  it('lists the seeded documents with states; the first store has one GSP certificate expiring soon', async () => {
    const data = (await call('GET', '/pharmacy/qualification', admin, p1)).json().data;
    qualificationListSchema.parse(data);
    expect(data.months).toBe(6);
    expect(data.list.map((q: { kind: string }) => q.kind)).toEqual([
      'business_licence',
      'drug_trade_licence',
      'gsp',
      'medical_device',
      'internet_drug_info',
    ]);
    const gsp = data.list.find((q: { kind: string }) => q.kind === 'gsp');
    expect(gsp.expiry_state).toBe('expiring');
    expect(data.list[0]).toMatchObject({ number: '913101156684179733', expire_at: null, expiry_state: 'long_term' });
    const alerts = (await call('GET', '/pharmacy/qualification/alerts', pharmacist, p1)).json().data;
    expect(alerts).toEqual({ expired: 0, expiring: 1, earliest: gsp.expire_at, months: 6 });
    expect(gsp.expire_at > shanghaiToday()).toBe(true);
    expect(EXPIRING_GSP_DAYS).toBeLessThan(180);
  });

  it.each([
    [
      { kind: 'business_licence', number: '91310115668417973X' },
      'number 营业执照编号须为 18 位统一社会信用代码（大写字母和数字，校验位正确）',
    ],
    [{ kind: 'drug_trade_licence', number: 'SH0213867' }, 'number 药品经营许可证编号格式不正确，如 沪CB0213867'],
    [{ images: [] }, 'images 请上传证照图片'],
    [{ expire_at: '2026-02-30' }, 'expire_at 有效期格式不正确，应为 YYYY-MM-DD'],
    [{ kind: 'nonsense' }, 'kind 请选择证照类型'],
  ])('refuses %o', async (patch, msg) => {
    const res = await call('POST', '/pharmacy/qualification', admin, p1, { ...qualificationBody, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  it('keeps the public licence columns in step: add, change and delete a drug trade licence', async () => {
    const detail = async () => (await t.app.inject({ url: `/api/v1/pharmacy/detail/${p3}` })).json().data;
    const created = await call('POST', '/pharmacy/qualification', otherAll, p3, {
      kind: 'food_trade',
      number: 'JY11105051234567',
      images: ['/api/v1/upload/abcdefghijklmnopqrstuvwx.png'],
      expire_at: '2027-01-01T00:00:00+08:00',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ name: '食品经营许可证', expire_at: '2027-01-01' });
    expect((await detail()).aptitude_images).toContain('/api/v1/upload/abcdefghijklmnopqrstuvwx.png');

    const list = (await call('GET', '/pharmacy/qualification', otherAll, p3)).json().data.list;
    const licence = list.find((q: { kind: string }) => q.kind === 'drug_trade_licence');
    const changed = await call('PUT', `/pharmacy/qualification/${licence.id}`, otherAll, p3, {
      kind: 'drug_trade_licence',
      number: '京CB0106099',
      images: licence.images,
      expire_at: '2030-09-30',
      remark: '换证',
    });
    expect(changed.statusCode).toBe(200);
    expect(await detail()).toMatchObject({ drug_licence_no: '京CB0106099', drug_licence_expire_at: '2030-09-30' });

    expect((await call('DELETE', `/pharmacy/qualification/${licence.id}`, otherAll, p3)).statusCode).toBe(200);
    const after = await detail();
    expect(after).toMatchObject({ drug_licence_no: '', drug_licence_expire_at: null });
    expect(after.aptitude_images).not.toContain(licence.images[0]);
    expect((await call('DELETE', `/pharmacy/qualification/${licence.id}`, otherAll, p3)).statusCode).toBe(404);
  });

  describe('expiry states at the window edges, on a fixed day', () => {
    // 2025-08-31 + 6 months is 2026-02-28 (the month has no 31st): the window's last day
    const today = '2025-08-31';
    let pharmacyId: number;
    const service = () =>
      new PharmacySettingsService(new PharmacySettingsRepository(t.database.db), { today: () => today });

    beforeAll(async () => {
      const [row] = await t.database.db
        .insert(pharmacy)
        .values({ name: '边界测试药房', status: 'active' })
        .returning({ id: pharmacy.id });
      pharmacyId = row.id;
      const doc = (number: string, expireAt: string | null) => ({
        pharmacyId,
        kind: 'other' as const,
        name: number,
        number,
        images: ['/a.png'],
        expireAt,
      });
      await t.database.db
        .insert(pharmacyQualification)
        .values([
          doc('yesterday', '2025-08-30'),
          doc('today', '2025-08-31'),
          doc('six-months', '2026-02-28'),
          doc('six-months-and-a-day', '2026-03-01'),
          doc('long-term', null),
        ]);
    });

    it('flags today and today + 6 months as expiring, the day after as valid, yesterday as expired', async () => {
      const data = await service().listQualifications(pharmacyId);
      expect(Object.fromEntries(data.list.map((q) => [q.number, q.expiry_state]))).toEqual({
        yesterday: 'expired',
        today: 'expiring',
        'six-months': 'expiring',
        'six-months-and-a-day': 'valid',
        'long-term': 'long_term',
      });
      expect(data).toMatchObject({ today, months: 6 });
    });

    it('counts the header alert over the same edges', async () => {
      expect(expiryWindowEnd(today)).toBe('2026-02-28');
      expect(await service().qualificationAlerts(pharmacyId)).toEqual({
        expired: 1,
        expiring: 2,
        earliest: '2025-08-30',
        months: 6,
      });
    });

    it('follows the configured window', async () => {
      await t.database.db
        .insert(pharmacySetting)
        .values({ pharmacyId, config: { expiry_warning_months: 1 } })
        .onConflictDoNothing();
      const states = (await service().listQualifications(pharmacyId)).list.map((q) => q.expiry_state);
      expect(states.filter((s) => s === 'expiring')).toHaveLength(1);
      expect(await service().qualificationAlerts(pharmacyId)).toMatchObject({ expiring: 1, months: 1 });
    });
  });
});

describe('couriers', () => {
  it('names the spec codes from the express_company collection', async () => {
    const list = (await call('GET', '/pharmacy/courier/companies', admin, p1)).json().data;
    expect(list.map((c: { code: string }) => c.code)).toEqual([
      'HTKY',
      'YZPY',
      'DBL',
      'ZTO',
      'STO',
      'SF',
      'YT',
      'YD',
      'EMS',
      'TT',
      'ZT',
    ]);
    expect(list.find((c: { code: string }) => c.code === 'SF').name).toBe('顺丰速运');
  });

  it('pages and filters, default first, sender phones masked in the list but whole in the detail', async () => {
    const created = (await call('POST', '/pharmacy/courier', admin, p1, sfBody)).json().data;
    pharmacyCourierSchema.strict().parse(created);
    expect(created).toMatchObject({ company_name: '顺丰速运', is_default: false, sender_phone: '13912345678' });
    const all = (await call('GET', '/pharmacy/courier?page_size=100', admin, p1)).json().data;
    expect(all.list[0].is_default).toBe(true);
    expect(all.list.find((c: { id: number }) => c.id === created.id).sender_phone).toBe('139****5678');
    expect((await call('GET', `/pharmacy/courier/${created.id}`, admin, p1)).json().data.sender_phone).toBe(
      '13912345678',
    );
    const sf = (await call('GET', '/pharmacy/courier?courier_code=SF', admin, p1)).json().data;
    expect(sf.total).toBe(2);
    expect(sf.list.every((c: { courier_code: string }) => c.courier_code === 'SF')).toBe(true);
    const disabled = (await call('GET', '/pharmacy/courier?status=disabled', admin, p1)).json().data;
    expect(disabled.total).toBe(0);
  });

  it.each([
    [{ account_no: '' }, 'account_no 请输入顺丰月结卡号'],
    [{ account_no: '02156789' }, 'account_no 顺丰月结卡号须为 10 位数字'],
    [{ sender_name: '' }, 'sender_name 顺丰需填写寄件人'],
    [{ sender_phone: '' }, 'sender_phone 顺丰需填写寄件电话'],
    [{ sender_phone: '12345' }, 'sender_phone 寄件电话格式不正确，如 13800000000 或 020-12345678'],
    [{ sender_address: '' }, 'sender_address 顺丰需填写寄件详细地址'],
    [{ courier_code: 'JD' }, 'courier_code 请选择快递公司'],
  ])('refuses SF %o', async (patch, msg) => {
    const res = await call('POST', '/pharmacy/courier', admin, p1, { ...sfBody, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
  });

  it('leaves exactly one default when two set-default calls race, and mirrors it into the settings', async () => {
    const make = async (code: string) =>
      (await call('POST', '/pharmacy/courier', admin, p1, { courier_code: code })).json().data.id as number;
    const [a, b] = [await make('STO'), await make('YT')];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([
        call('PUT', `/pharmacy/courier/${a}/default`, admin, p1),
        call('PUT', `/pharmacy/courier/${b}/default`, shop, p1),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const defaults = (await couriersOf(p1)).filter((c) => c.isDefault);
      expect(defaults).toHaveLength(1);
      expect([a, b]).toContain(defaults[0].id);
      expect((await settingOf(p1)).defaultCourier).toBe(defaults[0].courierCode);
    }
    // back to SF for the other tests
    const [sf] = (await couriersOf(p1)).filter((c) => c.courierCode === 'SF').sort((x, y) => x.id - y.id);
    await call('PUT', `/pharmacy/courier/${sf.id}/default`, admin, p1);
    expect((await settingOf(p1)).defaultCourier).toBe('SF');
  });

  it('keeps the default enabled and in place: no disabling or deleting it, no disabled default', async () => {
    const [def] = (await couriersOf(p1)).filter((c) => c.isDefault);
    const disable = await call('PUT', `/pharmacy/courier/${def.id}`, admin, p1, { ...sfBody, status: 'disabled' });
    expect(disable.statusCode).toBe(400);
    expect(disable.json().msg).toBe('status 默认快递不能停用，请先将其他快递设为默认');
    const remove = await call('DELETE', `/pharmacy/courier/${def.id}`, admin, p1);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().msg).toBe('默认快递不能删除，请先将其他快递设为默认');

    const off = (await call('POST', '/pharmacy/courier', admin, p1, { courier_code: 'EMS', status: 'disabled' })).json()
      .data;
    const refused = await call('PUT', `/pharmacy/courier/${off.id}/default`, admin, p1);
    expect(refused.statusCode).toBe(409);
    expect((await couriersOf(p1)).find((c) => c.id === def.id)?.isDefault).toBe(true);
    // a disabled courier is no default_courier in the settings either
    const res = await call('PUT', '/pharmacy/setting', admin, p1, {
      freight: '6',
      auto_confirm_days: 7,
      default_courier: 'EMS',
      service_phone: '021-58881234',
    });
    expect(res.json().msg).toBe('default_courier 须为本店已启用的快递，请先在快递设置中添加');

    expect((await call('DELETE', `/pharmacy/courier/${off.id}`, admin, p1)).statusCode).toBe(200);
    expect((await couriersOf(p1)).some((c) => c.id === off.id)).toBe(false);
  });

  it("edits a courier: the SF account follows into the settings; another pharmacy's courier is not found", async () => {
    const [def] = (await couriersOf(p1)).filter((c) => c.isDefault);
    const res = await call('PUT', `/pharmacy/courier/${def.id}`, admin, p1, { ...sfBody, account_no: '0215670000' });
    expect(res.statusCode).toBe(200);
    expect((await settingOf(p1)).sfAccount).toBe('0215670000');
    const p2Courier = (await couriersOf(p2))[0];
    const foreign = await call('PUT', `/pharmacy/courier/${p2Courier.id}`, admin, p1, sfBody);
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await t.database.db
          .select()
          .from(pharmacyCourier)
          .where(and(eq(pharmacyCourier.id, p2Courier.id), eq(pharmacyCourier.accountNo, p2Courier.accountNo)))
      ).length,
    ).toBe(1);
  });
});
