import { z } from 'zod';
import { EXPIRY_WINDOW_DEFAULT_MONTHS } from '../common/constants';
import { DATE_MAX, DATE_MIN } from '../common/fields';
import { pageQuerySchema } from '../common/paging';
import { type CourierCode, courierCodeList } from '../common/rules/courier';
import { formatMoney } from '../common/rules/decimal';
import { isWithinExpiryWindow, toDayjs } from '../common/rules/expiry';
import { isMobilePhone } from '../common/rules/phone';
import { isSitePath } from '../common/rules/site-path';
import { formatShanghaiDate } from '../common/time';
import { DRUG_TRADE_LICENCE_PATTERN, INTERNET_DRUG_INFO_PATTERN, isUnifiedSocialCreditCode } from './licence-numbers';

export * from './licence-numbers';

// ---------------------------------------------------------------------------------------------------------------
// Field rules shared by the forms and the server

/** A landline (区号-号码, optional extension) or a 400/800 service number: 021-58881234, 0571-87651234, 400-820-1234. */
const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;
const SERVICE_NUMBER_PATTERN = /^[48]00-?\d{3}-?\d{4}$/;

/** A customer-service or sender phone: a mainland mobile, a landline with its area code, or a 400/800 number. */
export const isContactPhone = (value: unknown): value is string =>
  typeof value === 'string' &&
  (isMobilePhone(value) || LANDLINE_PATTERN.test(value) || SERVICE_NUMBER_PATTERN.test(value));

export const CONTACT_PHONE_ERROR = '电话格式不正确，如 13800000000 或 020-12345678';

/** Money as a form sends it: a non-negative amount with at most two decimals; answered as '6.00'. */
const MONEY_INPUT = /^\d{1,8}(\.\d{1,2})?$/;
const moneyInput = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, { error: `请输入${label}` })
    .regex(MONEY_INPUT, { error: `${label}须为不小于 0 的金额，最多两位小数` })
    .transform((v) => formatMoney(v));

/** Like moneyInput, but empty (or left out) means none: null. */
const optionalMoneyInput = (label: string) =>
  z
    .string({ error: `${label}须为不小于 0 的金额，最多两位小数` })
    .nullish()
    .transform((v, ctx) => {
      const text = v?.trim() ?? '';
      if (text === '') return null;
      if (!MONEY_INPUT.test(text)) {
        ctx.addIssue({ code: 'custom', message: `${label}须为不小于 0 的金额，最多两位小数` });
        return z.NEVER;
      }
      return formatMoney(text);
    });

export const AUTO_CONFIRM_DAYS_MIN = 1;
export const AUTO_CONFIRM_DAYS_MAX = 30;
export const EXPIRY_WARNING_MONTHS_MAX = 12;

// ---------------------------------------------------------------------------------------------------------------
// Settings (pharmacy/setting)

export const pharmacySettingSchema = z.object({
  freight: z.string(),
  /** Orders at or above this amount ship free; null: no free shipping. */
  free_freight_threshold: z.string().nullable(),
  auto_confirm_days: z.number().int(),
  /** The default courier's code ('' when none): mirrors the courier marked 默认 on the courier page. */
  default_courier: z.string(),
  default_courier_name: z.string(),
  /** The SF monthly-settlement number, read from the pharmacy's SF courier (kept on the courier page). */
  sf_account: z.string(),
  service_phone: z.string(),
  /** How many months before expiry a qualification is flagged (spec §5/§9, default 6). */
  expiry_warning_months: z.number().int(),
});
export type PharmacySetting = z.infer<typeof pharmacySettingSchema>;

const autoConfirmError = `自动确认收货天数须为 ${AUTO_CONFIRM_DAYS_MIN}–${AUTO_CONFIRM_DAYS_MAX} 的整数`;
const warningMonthsError = `资质到期提醒须为 1–${EXPIRY_WARNING_MONTHS_MAX} 个月`;

export const pharmacySettingBodySchema = z.object({
  freight: moneyInput('运费'),
  free_freight_threshold: optionalMoneyInput('包邮门槛'),
  auto_confirm_days: z
    .number({ error: '请输入自动确认收货天数' })
    .int({ error: autoConfirmError })
    .min(AUTO_CONFIRM_DAYS_MIN, { error: autoConfirmError })
    .max(AUTO_CONFIRM_DAYS_MAX, { error: autoConfirmError }),
  /** '' clears the default; a code must be one of the pharmacy's enabled couriers (checked by the server). */
  default_courier: z.enum(['', ...courierCodeList], { error: '默认快递不正确' }).default(''),
  service_phone: z
    .string({ error: '请输入客服电话' })
    .trim()
    .min(1, { error: '请输入客服电话' })
    .refine(isContactPhone, { error: `客服${CONTACT_PHONE_ERROR}` }),
  expiry_warning_months: z
    .number({ error: warningMonthsError })
    .int({ error: warningMonthsError })
    .min(1, { error: warningMonthsError })
    .max(EXPIRY_WARNING_MONTHS_MAX, { error: warningMonthsError })
    .optional(),
});
export type PharmacySettingBody = z.input<typeof pharmacySettingBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Receiving account (pharmacy/receiving_account)

export const ACCOUNT_NO_PATTERN = /^\d{8,30}$/;

/** 6225880212345678 → ************5678: only the last four digits are ever shown. */
export function maskAccountNo(accountNo: string): string {
  if (accountNo.length <= 4) return accountNo;
  return `${'*'.repeat(accountNo.length - 4)}${accountNo.slice(-4)}`;
}

export const receivingAccountSchema = z.object({
  bank: z.string(),
  account_name: z.string(),
  /** Masked: all but the last four digits are `*`. */
  account_no: z.string(),
  has_account_no: z.boolean(),
});
export type ReceivingAccount = z.infer<typeof receivingAccountSchema>;

export const receivingAccountBodySchema = z.object({
  bank: z
    .string({ error: '请输入开户银行' })
    .trim()
    .min(1, { error: '请输入开户银行' })
    .max(100, { error: '开户银行最多 100 字' }),
  account_name: z
    .string({ error: '请输入开户名称' })
    .trim()
    .min(1, { error: '请输入开户名称' })
    .max(100, { error: '开户名称最多 100 字' }),
  /** Spaces are ignored; empty or left out keeps the number on file (the form never sees it unmasked). */
  account_no: z
    .string({ error: '银行账号须为 8–30 位数字' })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || ACCOUNT_NO_PATTERN.test(v), { error: '银行账号须为 8–30 位数字' })
    .optional(),
});
export type ReceivingAccountBody = z.input<typeof receivingAccountBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Qualifications (资质, the aptitude dialog)

export const qualificationKinds = [
  'business_licence',
  'drug_trade_licence',
  'gsp',
  'medical_device',
  'food_trade',
  'internet_drug_info',
  'other',
] as const;
export type QualificationKind = (typeof qualificationKinds)[number];

export const qualificationKindLabels: Record<QualificationKind, string> = {
  business_licence: '营业执照',
  drug_trade_licence: '药品经营许可证',
  gsp: 'GSP 证书',
  medical_device: '医疗器械经营备案凭证',
  food_trade: '食品经营许可证',
  internet_drug_info: '互联网药品信息服务资格证书',
  other: '其他资质',
};

/** 有效 / 即将到期 (inside the warning window) / 已过期 / 长期 (no expiry date). */
export const expiryStates = ['valid', 'expiring', 'expired', 'long_term'] as const;
export type ExpiryState = (typeof expiryStates)[number];
export const expiryStateLabels: Record<ExpiryState, string> = {
  valid: '有效',
  expiring: '即将到期',
  expired: '已过期',
  long_term: '长期',
};

/**
 * The state of a document expiring on `expireAt` (YYYY-MM-DD; null = long-term) on the Shanghai day `today`: expired
 * the day after its date; expiring from `months` months before it up to and including the date itself (the spec's
 * expiry window, shared isWithinExpiryWindow); valid before that.
 */
export function qualificationExpiryState(
  expireAt: string | null,
  options: { today: string; months?: number },
): ExpiryState {
  if (expireAt === null) return 'long_term';
  const months = options.months ?? EXPIRY_WINDOW_DEFAULT_MONTHS;
  if (expireAt < options.today) return 'expired';
  return isWithinExpiryWindow(expireAt, { now: options.today, months }) ? 'expiring' : 'valid';
}

/** The last day inside the warning window that starts on `today` (YYYY-MM-DD), as isWithinExpiryWindow counts it. */
export function expiryWindowEnd(today: string, months: number = EXPIRY_WINDOW_DEFAULT_MONTHS): string {
  const start = toDayjs(today);
  if (!start) throw new RangeError('today must be a date');
  return start.add(months, 'month').format('YYYY-MM-DD');
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const EXPIRE_AT_ERROR = '有效期格式不正确，应为 YYYY-MM-DD';

/**
 * A document's expiry: YYYY-MM-DD, or an ISO 8601 instant (the console's forms send expire fields that way, spec §5)
 * read as its day in Shanghai; null or '' = long-term.
 */
const expireAtInput = z
  .string({ error: EXPIRE_AT_ERROR })
  .nullable()
  .transform((v, ctx) => {
    if (v === null || v.trim() === '') return null;
    const text = v.trim();
    const date = DATE_ONLY.test(text)
      ? text
      : ISO_INSTANT.test(text) && !Number.isNaN(new Date(text).getTime())
        ? formatShanghaiDate(text)
        : null;
    const real = date !== null && toDayjs(date)?.format('YYYY-MM-DD') === date;
    if (!date || !real || date < DATE_MIN || date > DATE_MAX) {
      ctx.addIssue({ code: 'custom', message: EXPIRE_AT_ERROR });
      return z.NEVER;
    }
    return date;
  });

export const QUALIFICATION_IMAGES_MAX = 9;

export const qualificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(qualificationKinds),
  name: z.string(),
  number: z.string(),
  images: z.array(z.string()),
  /** YYYY-MM-DD; null = long-term (长期). */
  expire_at: z.string().nullable(),
  remark: z.string(),
  expiry_state: z.enum(expiryStates),
  updated_at: z.string(),
});
export type Qualification = z.infer<typeof qualificationSchema>;

export const qualificationListSchema = z.object({
  list: z.array(qualificationSchema),
  /** The warning window in months the states were computed with, and the Shanghai day they were computed on. */
  months: z.number().int(),
  today: z.string(),
});
export type QualificationList = z.infer<typeof qualificationListSchema>;

/** The current pharmacy's worst news, cheap enough for the header: counts of expired and expiring documents. */
export const qualificationAlertsSchema = z.object({
  expired: z.number().int(),
  expiring: z.number().int(),
  /** The earliest expiry among the expired and expiring documents, null when there are none. */
  earliest: z.string().nullable(),
  months: z.number().int(),
});
export type QualificationAlerts = z.infer<typeof qualificationAlertsSchema>;

const numberRules: Partial<Record<QualificationKind, { test: (v: string) => boolean; error: string }>> = {
  business_licence: {
    test: isUnifiedSocialCreditCode,
    error: '营业执照编号须为 18 位统一社会信用代码（大写字母和数字，校验位正确）',
  },
  drug_trade_licence: {
    test: (v) => DRUG_TRADE_LICENCE_PATTERN.test(v),
    error: '药品经营许可证编号格式不正确，如 沪CB0213867',
  },
  internet_drug_info: {
    test: (v) => INTERNET_DRUG_INFO_PATTERN.test(v),
    error: '证书编号格式不正确，如 (沪)-经营性-2023-0087',
  },
};

/** The message for `number` of a document of `kind`, or null when it is acceptable (the forms check it as you type). */
export function qualificationNumberError(kind: QualificationKind, number: string): string | null {
  if (number === '') return kind === 'other' ? null : '请输入证照编号';
  const rule = numberRules[kind];
  return rule && !rule.test(number) ? rule.error : null;
}

export const qualificationBodySchema = z
  .object({
    kind: z.enum(qualificationKinds, { error: '请选择证照类型' }),
    /** Empty: the kind's name (营业执照 …). */
    name: z.string().trim().max(50, { error: '证照名称最多 50 字' }).default(''),
    number: z
      .string({ error: '请输入证照编号' })
      .trim()
      .max(64, { error: '证照编号最多 64 个字符' })
      .transform((v) => v.replace(/\s+/g, ''))
      .default(''),
    images: z
      .array(
        z
          .string({ error: '图片地址不正确' })
          .max(500, { error: '图片地址不正确' })
          .refine(isSitePath, { error: '图片地址不正确' }),
        { error: '请上传证照图片' },
      )
      .min(1, { error: '请上传证照图片' })
      .max(QUALIFICATION_IMAGES_MAX, { error: `最多上传 ${QUALIFICATION_IMAGES_MAX} 张图片` }),
    expire_at: expireAtInput.default(null),
    remark: z.string().trim().max(200, { error: '备注最多 200 字' }).default(''),
  })
  .superRefine((body, ctx) => {
    const error = qualificationNumberError(body.kind, body.number);
    if (error) ctx.addIssue({ code: 'custom', path: ['number'], message: error });
  });
export type QualificationBody = z.input<typeof qualificationBodySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Couriers (pharmacy/courier)

export const courierStatuses = ['enabled', 'disabled'] as const;
export type CourierStatus = (typeof courierStatuses)[number];
export const courierStatusLabels: Record<CourierStatus, string> = { enabled: '启用', disabled: '停用' };

/** SF's monthly-settlement card number (月结卡号): ten digits. */
export const SF_MONTHLY_ACCOUNT_PATTERN = /^\d{10}$/;

export const courierCompanySchema = z.object({ code: z.enum(courierCodeList), name: z.string() });
export type CourierCompany = z.infer<typeof courierCompanySchema>;

export const pharmacyCourierSchema = z.object({
  id: z.number().int(),
  courier_code: z.enum(courierCodeList),
  company_name: z.string(),
  account_no: z.string(),
  is_default: z.boolean(),
  sender_name: z.string(),
  /** Masked in the list (spec §5); whole in the detail. */
  sender_phone: z.string(),
  sender_province: z.string(),
  sender_city: z.string(),
  sender_district: z.string(),
  sender_address: z.string(),
  status: z.enum(courierStatuses),
  remark: z.string(),
  updated_at: z.string(),
});
export type PharmacyCourier = z.infer<typeof pharmacyCourierSchema>;

export const courierListQuerySchema = pageQuerySchema.extend({
  courier_code: z.enum(courierCodeList).optional().catch(undefined),
  status: z.enum(courierStatuses).optional().catch(undefined),
});
export type CourierListQuery = z.infer<typeof courierListQuerySchema>;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, { error: `${label}最多 ${max} 字` })
    .default('');

export const courierBodySchema = z
  .object({
    courier_code: z.enum(courierCodeList, { error: '请选择快递公司' }),
    /** SF: the monthly-settlement card number (required); others: the customer account, if any. */
    account_no: text(64, '账号')
      .transform((v) => v.replace(/\s+/g, ''))
      .refine((v) => /^[A-Za-z0-9-]*$/.test(v), { error: '账号只能包含字母、数字和 -' }),
    sender_name: text(50, '寄件人'),
    sender_phone: text(32, '寄件电话').refine((v) => v === '' || isContactPhone(v), {
      error: `寄件${CONTACT_PHONE_ERROR}`,
    }),
    sender_province: text(32, '省份'),
    sender_city: text(32, '城市'),
    sender_district: text(32, '区县'),
    sender_address: text(200, '详细地址'),
    status: z.enum(courierStatuses, { error: '状态不正确' }).default('enabled'),
    remark: text(200, '备注'),
  })
  .superRefine((body, ctx) => {
    if (body.courier_code !== 'SF') return;
    const need = (field: keyof typeof body, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    need(
      'account_no',
      SF_MONTHLY_ACCOUNT_PATTERN.test(body.account_no),
      body.account_no ? '顺丰月结卡号须为 10 位数字' : '请输入顺丰月结卡号',
    );
    need('sender_name', body.sender_name !== '', '顺丰需填写寄件人');
    need('sender_phone', body.sender_phone !== '', '顺丰需填写寄件电话');
    need('sender_province', body.sender_province !== '', '顺丰需填写寄件省份');
    need('sender_city', body.sender_city !== '', '顺丰需填写寄件城市');
    need('sender_address', body.sender_address !== '', '顺丰需填写寄件详细地址');
  });
export type CourierBody = z.input<typeof courierBodySchema>;

export const isCourierCode = (value: unknown): value is CourierCode =>
  typeof value === 'string' && (courierCodeList as readonly string[]).includes(value);
