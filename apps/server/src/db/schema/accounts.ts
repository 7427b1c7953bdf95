import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns, tz } from './columns';

export const account = pgTable(
  'account',
  {
    ...baseColumns(),
    phone: varchar('phone', { length: 11 }).notNull().unique(),
    phoneUserId: varchar('phone_user_id', { length: 32 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull().default(''),
    headImgUrl: varchar('head_img_url', { length: 500 }).notNull().default(''),
    passwordHash: text('password_hash'),
    status: varchar('status', { length: 16, enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    eCommerce: boolean('e_commerce').notNull().default(false),
    lastLoginAt: tz('last_login_at'),
  },
  /** Search by a phone's last four digits (the operator's 会员管理 keyword): `right(phone, 4) = $1`. */
  (t) => [index('account_phone_last4_idx').on(sql`right(${t.phone}, 4)`)],
);

export const session = pgTable(
  'session',
  {
    ...baseColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    tokenSha256: varchar('token_sha256', { length: 64 }).notNull(),
    expiresAt: tz('expires_at').notNull(),
    revokedAt: tz('revoked_at'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [uniqueIndex('session_token_sha256_idx').on(t.tokenSha256), index('session_account_idx').on(t.accountId)],
);

/** The platform operator's profile. */
export const adminProfile = pgTable('admin_profile', {
  ...baseColumns(),
  accountId: integer('account_id')
    .notNull()
    .unique()
    .references(() => account.id, { onDelete: 'cascade' }),
  adminPermissions: text('admin_permissions').array().notNull().default(sql`'{}'::text[]`),
  status: varchar('status', { length: 16, enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
});

/** One text message the built-in or a real SMS provider sent; only a salted hash of the code is kept. */
export const smsCode = pgTable(
  'sms_code',
  {
    ...baseColumns(),
    phone: varchar('phone', { length: 11 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    expiresAt: tz('expires_at').notNull(),
    tries: integer('tries').notNull().default(0),
    consumedAt: tz('consumed_at'),
    /** false when the phone has no account: the request is answered the same, nothing is delivered. */
    delivered: boolean('delivered').notNull().default(true),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('sms_code_phone_created_idx').on(t.phone, t.createdAt),
    index('sms_code_ip_created_idx').on(t.ip, t.createdAt),
  ],
);

/** Failed sign-ins, counted per phone and per address to demand a captcha or lock out. */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    ...baseColumns(),
    phone: varchar('phone', { length: 11 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    reason: varchar('reason', { length: 32 }).notNull(),
  },
  (t) => [
    index('login_attempt_phone_created_idx').on(t.phone, t.createdAt),
    index('login_attempt_ip_created_idx').on(t.ip, t.createdAt),
  ],
);

export const captcha = pgTable('captcha', {
  ...baseColumns(),
  captchaId: varchar('captcha_id', { length: 64 }).notNull().unique(),
  textHash: varchar('text_hash', { length: 64 }).notNull(),
  expiresAt: tz('expires_at').notNull(),
  tries: integer('tries').notNull().default(0),
  consumedAt: tz('consumed_at'),
});

export const qrLogin = pgTable('qr_login', {
  ...baseColumns(),
  qrId: varchar('qr_id', { length: 64 }).notNull().unique(),
  status: varchar('status', { length: 16, enum: ['pending', 'scanned', 'confirmed'] })
    .notNull()
    .default('pending'),
  accountId: integer('account_id').references(() => account.id, { onDelete: 'cascade' }),
  expiresAt: tz('expires_at').notNull(),
  scannedAt: tz('scanned_at'),
  confirmedAt: tz('confirmed_at'),
  /** Set when the console collected its session; a ticket hands out one session only. */
  deliveredAt: tz('delivered_at'),
  ip: varchar('ip', { length: 64 }).notNull().default(''),
});

export const auditLog = pgTable(
  'audit_log',
  {
    ...baseColumns(),
    accountId: integer('account_id').references(() => account.id, { onDelete: 'set null' }),
    pharmacyId: integer('pharmacy_id'),
    action: varchar('action', { length: 64 }).notNull(),
    target: varchar('target', { length: 200 }).notNull().default(''),
    detail: jsonb('detail'),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
  },
  (t) => [
    index('audit_log_account_idx').on(t.accountId, t.id),
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
  ],
);
