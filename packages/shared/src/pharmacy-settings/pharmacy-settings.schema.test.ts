import { describe, expect, it } from 'vitest';
import {
  courierBodySchema,
  expiryWindowEnd,
  isContactPhone,
  isUnifiedSocialCreditCode,
  maskAccountNo,
  pharmacySettingBodySchema,
  qualificationBodySchema,
  qualificationExpiryState,
  receivingAccountBodySchema,
} from './pharmacy-settings.schema';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.success ? null : `${r.error?.issues[0].path.join('.')} ${r.error?.issues[0].message}`;

describe('qualification expiry state', () => {
  const today = '2025-08-31';
  it.each([
    [null, 'long_term'],
    ['2025-08-30', 'expired'],
    ['2025-08-31', 'expiring'], // expires today: still valid today, inside the window
    ['2026-02-28', 'expiring'], // today + 6 months (clamped to the month's end)
    ['2026-03-01', 'valid'], // + 6 months + 1 day
  ] as const)('%s → %s on 2025-08-31', (expireAt, state) => {
    expect(qualificationExpiryState(expireAt, { today })).toBe(state);
  });

  it('uses the configured window', () => {
    expect(qualificationExpiryState('2025-10-01', { today, months: 1 })).toBe('valid');
    expect(qualificationExpiryState('2025-09-30', { today, months: 1 })).toBe('expiring');
    expect(expiryWindowEnd('2025-03-15', 6)).toBe('2025-09-15');
    expect(expiryWindowEnd(today, 6)).toBe('2026-02-28');
  });
});

describe('licence numbers', () => {
  it('checks the unified social credit code and its check character', () => {
    for (const n of ['913101156684179733', '91330106359409208K', '91110105MA7EXF9R1B'])
      expect(isUnifiedSocialCreditCode(n)).toBe(true);
    expect(isUnifiedSocialCreditCode('913101156684179734')).toBe(false); // wrong check character
    expect(isUnifiedSocialCreditCode('91310115668417973')).toBe(false); // 17 characters
    expect(isUnifiedSocialCreditCode('91330106359409208k')).toBe(false); // lower case
  });

  it('names the number field with the format in Chinese', () => {
    const base = { images: ['/demo/a.svg'] };
    expect(firstMessage(qualificationBodySchema.safeParse({ ...base, kind: 'business_licence', number: '123' }))).toBe(
      'number 营业执照编号须为 18 位统一社会信用代码（大写字母和数字，校验位正确）',
    );
    expect(
      firstMessage(qualificationBodySchema.safeParse({ ...base, kind: 'drug_trade_licence', number: 'CB0213867' })),
    ).toBe('number 药品经营许可证编号格式不正确，如 沪CB0213867');
    expect(
      qualificationBodySchema.safeParse({ ...base, kind: 'drug_trade_licence', number: '沪CB0213867' }).success,
    ).toBe(true);
    expect(
      qualificationBodySchema.safeParse({ ...base, kind: 'internet_drug_info', number: '(沪)-经营性-2023-0087' })
        .success,
    ).toBe(true);
    expect(firstMessage(qualificationBodySchema.safeParse({ ...base, kind: 'gsp', number: '' }))).toBe(
      'number 请输入证照编号',
    );
    expect(firstMessage(qualificationBodySchema.safeParse({ kind: 'gsp', number: 'A-1', images: [] }))).toBe(
      'images 请上传证照图片',
    );
    expect(
      firstMessage(qualificationBodySchema.safeParse({ kind: 'gsp', number: 'A-1', images: ['//evil.com/x.png'] })),
    ).toBe('images.0 图片地址不正确');
  });

  it('reads an expiry sent as an instant as its day in Shanghai, and refuses impossible days', () => {
    const parse = (expire_at: unknown) =>
      qualificationBodySchema.safeParse({ kind: 'gsp', number: 'A-1', images: ['/a.png'], expire_at });
    expect(parse('2026-02-27T16:00:00.000Z').data?.expire_at).toBe('2026-02-28');
    expect(parse('2026-02-28').data?.expire_at).toBe('2026-02-28');
    expect(parse('').data?.expire_at).toBeNull();
    expect(parse(null).data?.expire_at).toBeNull();
    expect(firstMessage(parse('2026-02-30'))).toBe('expire_at 有效期格式不正确，应为 YYYY-MM-DD');
    expect(parse('0000-01-01').success).toBe(false);
  });
});

describe('settings', () => {
  const valid = { freight: '6', free_freight_threshold: '', auto_confirm_days: 7, service_phone: '021-58881234' };
  it('normalises money and empty thresholds', () => {
    expect(pharmacySettingBodySchema.parse(valid)).toMatchObject({ freight: '6.00', free_freight_threshold: null });
    expect(pharmacySettingBodySchema.parse({ ...valid, free_freight_threshold: '99.5' }).free_freight_threshold).toBe(
      '99.50',
    );
  });
  it.each([
    [{ freight: '-1' }, 'freight 运费须为不小于 0 的金额，最多两位小数'],
    [{ freight: '1.234' }, 'freight 运费须为不小于 0 的金额，最多两位小数'],
    [{ free_freight_threshold: 'abc' }, 'free_freight_threshold 包邮门槛须为不小于 0 的金额，最多两位小数'],
    [{ auto_confirm_days: 31 }, 'auto_confirm_days 自动确认收货天数须为 1–30 的整数'],
    [{ auto_confirm_days: 0 }, 'auto_confirm_days 自动确认收货天数须为 1–30 的整数'],
    [{ service_phone: '5888123' }, 'service_phone 客服电话格式不正确，如 13800000000 或 020-12345678'],
    [{ default_courier: 'XX' }, 'default_courier 默认快递不正确'],
  ])('%o → %s', (patch, message) => {
    expect(firstMessage(pharmacySettingBodySchema.safeParse({ ...valid, ...patch }))).toBe(message);
  });
  it('knows contact phones', () => {
    for (const p of ['13800000002', '021-58881234', '0571-87651234', '02158881234', '400-820-1234'])
      expect(isContactPhone(p)).toBe(true);
    for (const p of ['12800000002', '58881234', '021-5888', 'abc']) expect(isContactPhone(p)).toBe(false);
  });
});

describe('receiving account', () => {
  it('masks all but the last four digits', () => {
    expect(maskAccountNo('6225880212345678')).toBe('************5678');
    expect(maskAccountNo('')).toBe('');
  });
  it('takes 8–30 digits, spaces ignored, empty keeps the number on file', () => {
    const base = { bank: '招商银行', account_name: '仁心' };
    expect(receivingAccountBodySchema.parse({ ...base, account_no: '6225 8802 1234 5678' }).account_no).toBe(
      '6225880212345678',
    );
    expect(receivingAccountBodySchema.parse({ ...base, account_no: '' }).account_no).toBe('');
    expect(firstMessage(receivingAccountBodySchema.safeParse({ ...base, account_no: '1234567' }))).toBe(
      'account_no 银行账号须为 8–30 位数字',
    );
    expect(firstMessage(receivingAccountBodySchema.safeParse({ account_name: 'x' }))).toBe('bank 请输入开户银行');
  });
});

describe('couriers', () => {
  it('needs the monthly account and the sender for SF only', () => {
    expect(courierBodySchema.safeParse({ courier_code: 'ZTO' }).success).toBe(true);
    expect(firstMessage(courierBodySchema.safeParse({ courier_code: 'SF' }))).toBe('account_no 请输入顺丰月结卡号');
    expect(firstMessage(courierBodySchema.safeParse({ courier_code: 'SF', account_no: '12345' }))).toBe(
      'account_no 顺丰月结卡号须为 10 位数字',
    );
    const sf = {
      courier_code: 'SF',
      account_no: '0215678901',
      sender_name: '仁心大药房',
      sender_phone: '021-58881234',
      sender_province: '上海市',
      sender_city: '上海市',
      sender_address: '张杨路 1588 号',
    };
    expect(courierBodySchema.safeParse(sf).success).toBe(true);
    expect(firstMessage(courierBodySchema.safeParse({ ...sf, sender_name: ' ' }))).toBe('sender_name 顺丰需填写寄件人');
    expect(firstMessage(courierBodySchema.safeParse({ courier_code: 'XX' }))).toBe('courier_code 请选择快递公司');
  });
});
