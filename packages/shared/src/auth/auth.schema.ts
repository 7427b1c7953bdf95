import { z } from 'zod';
import { mobilePhoneSchema } from '../common/fields';
import { pharmacyRoles, roles } from '../common/roles';

export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_CODE_MAX_TRIES = 5;
export const SMS_MIN_INTERVAL_MS = 60 * 1000;
export const SMS_DAILY_LIMIT = 10;
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const QR_LOGIN_TTL_MS = 2 * 60 * 1000;
export const PASSWORD_MIN_LENGTH = 8;

const captchaFields = {
  captcha_id: z.string().max(64).optional(),
  captcha_code: z.string().max(16).optional(),
};

export const smsCodeBodySchema = z.object({ phone: mobilePhoneSchema, ...captchaFields });
export type SmsCodeBody = z.infer<typeof smsCodeBodySchema>;
/** Answer to user/sms_code: seconds until the code expires and until another may be requested. */
export const smsCodeResultSchema = z.object({ expires_in: z.number().int(), resend_in: z.number().int() });
export type SmsCodeResult = z.infer<typeof smsCodeResultSchema>;

export const loginBodySchema = z
  .object({
    phone: mobilePhoneSchema,
    password: z.string().min(1, { error: '请输入密码' }).max(128).optional(),
    sms_code: z
      .string()
      .regex(/^\d{6}$/, { error: '验证码为 6 位数字' })
      .optional(),
    ...captchaFields,
  })
  .refine((b) => !!b.password !== !!b.sms_code, { error: '请填写密码或短信验证码其中一项', path: ['password'] });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Session user info, exactly the spec's fields (§3). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  phone_user_id: z.string(),
  name: z.string(),
  head_img_url: z.string(),
  e_commerce: z.boolean(),
  is_customer_service: z.boolean(),
  is_doctor: z.boolean(),
  is_manager: z.boolean(),
  is_pharmacist: z.boolean(),
  is_shop: z.boolean(),
  roles: z.array(z.enum(roles)),
  permissions: z.record(z.string(), z.array(z.string())),
  pharmacy_admin_permissions: z.record(z.string(), z.array(z.string())),
  admin_permissions: z.array(z.string()),
  pharmacy_info: z.object({ id: z.number().int(), name: z.string(), logo_url: z.string() }).nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResultSchema = z.object({ token: z.string(), user_info: userInfoSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Data of a refused login (code 400111): the console shows its own message and, when asked, the captcha. */
export const loginRefusalSchema = z.object({ captcha_required: z.boolean() });

export const captchaSchema = z.object({ captcha_id: z.string(), svg: z.string() });
export const captchaCheckBodySchema = z.object({ captcha_id: z.string().max(64), captcha_code: z.string().max(16) });
export const captchaCheckResultSchema = z.object({ valid: z.boolean() });

/** A QR sign-in ticket in the path. */
export const qrLoginParamsSchema = z.object({ qr_id: z.string().min(8).max(64) });
export const qrLoginStatuses = ['pending', 'scanned', 'confirmed', 'expired'] as const;
export const qrLoginTicketSchema = z.object({ qr_id: z.string(), qr_content: z.string(), expires_at: z.string() });
export type QrLoginTicket = z.infer<typeof qrLoginTicketSchema>;
export const qrLoginStatusSchema = z.object({
  status: z.enum(qrLoginStatuses),
  token: z.string().optional(),
  user_info: userInfoSchema.optional(),
});
export type QrLoginStatus = z.infer<typeof qrLoginStatusSchema>;

export const passwordBodySchema = z.object({
  old_password: z.string().max(128).optional(),
  sms_code: z
    .string()
    .regex(/^\d{6}$/, { error: '验证码为 6 位数字' })
    .optional(),
  new_password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { error: `新密码至少 ${PASSWORD_MIN_LENGTH} 位` })
    .max(64, { error: '新密码最多 64 位' })
    .regex(/^(?=.*[A-Za-z])(?=.*\d).+$/, { error: '新密码需同时包含字母和数字' }),
});
export type PasswordBody = z.infer<typeof passwordBodySchema>;
/** Answer to a password change: how many other sessions were signed out. */
export const passwordResultSchema = z.object({ revoked_sessions: z.number().int() });

export const pharmacyStatuses = ['pending', 'active', 'suspended', 'rejected'] as const;
export type PharmacyStatus = (typeof pharmacyStatuses)[number];
export const pharmacyStatusLabels: Record<PharmacyStatus, string> = {
  active: '营业中',
  pending: '待审核',
  suspended: '已停业',
  rejected: '未通过',
};

/** One pharmacy the signed-in staff member works for (GET pharmacy/me). */
export const myPharmacySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string(),
  city: z.string(),
  role: z.enum(pharmacyRoles),
  permissions: z.array(z.string()),
  /** The pharmacy's own status (营业中 / 待审核 / 已停业); optional only for a pharmacy list stored before it was sent. */
  status: z.enum(pharmacyStatuses).optional(),
  /** Why it is rejected or suspended (set by the operator, issue 17); '' otherwise. */
  status_reason: z.string().optional(),
});
export type MyPharmacy = z.infer<typeof myPharmacySchema>;
