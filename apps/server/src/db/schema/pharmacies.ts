import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns, tz } from './columns';

const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** An operator-defined group of pharmacies (a chain). Named pharmacy_group because GROUP is an SQL keyword. */
export const pharmacyGroup = pgTable('pharmacy_group', {
  ...baseColumns(),
  name: varchar('name', { length: 100 }).notNull(),
  remark: varchar('remark', { length: 500 }).notNull().default(''),
});

export const pharmacy = pgTable(
  'pharmacy',
  {
    ...baseColumns(),
    name: varchar('name', { length: 100 }).notNull(),
    logoUrl: varchar('logo_url', { length: 500 }).notNull().default(''),
    businessLicenceNo: varchar('business_licence_no', { length: 64 }).notNull().default(''),
    drugLicenceNo: varchar('drug_licence_no', { length: 64 }).notNull().default(''),
    drugLicenceExpireAt: date('drug_licence_expire_at', { mode: 'string' }),
    aptitudeImages: textArray('aptitude_images'),
    province: varchar('province', { length: 32 }).notNull().default(''),
    city: varchar('city', { length: 32 }).notNull().default(''),
    district: varchar('district', { length: 32 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    businessHours: varchar('business_hours', { length: 64 }).notNull().default(''),
    /**
     * Onboarding (issue 17): pending (an application) → active (approved with the checklist) | rejected (with a
     * reason); active ⇄ suspended (with a reason: its quotes leave the public site, its staff see why). Every change
     * is one guarded UPDATE on the expected status.
     */
    status: varchar('status', { length: 16, enum: ['pending', 'active', 'rejected', 'suspended'] })
      .notNull()
      .default('pending'),
    ownerAccountId: integer('owner_account_id').references(() => account.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => pharmacyGroup.id, { onDelete: 'set null' }),
    /** When the application was made (null for pharmacies the platform created active). */
    appliedAt: tz('applied_at'),
    /** The operator's last decision on the application or the suspension, and when. */
    reviewedBy: integer('reviewed_by').references(() => account.id, { onDelete: 'set null' }),
    reviewedAt: tz('reviewed_at'),
    /** The reason shown to the pharmacy's staff when rejected or suspended. */
    statusReason: varchar('status_reason', { length: 200 }).notNull().default(''),
    /** The operator's onboarding checklist: qualification kind → checked (see the operator pharmacy contracts). */
    checklist: jsonb('checklist').notNull().default({}),
    /** `pharmacy cross`: this pharmacy's quotes are offered to the other pharmacies of its group. */
    crossGroup: boolean('cross_group').notNull().default(false),
  },
  (t) => [
    index('pharmacy_owner_idx').on(t.ownerAccountId),
    index('pharmacy_group_idx').on(t.groupId),
    index('pharmacy_status_idx').on(t.status, t.id),
  ],
);

export const pharmacySetting = pgTable('pharmacy_setting', {
  ...baseColumns(),
  pharmacyId: integer('pharmacy_id')
    .notNull()
    .unique()
    .references(() => pharmacy.id, { onDelete: 'cascade' }),
  freight: numeric('freight', { precision: 12, scale: 2 }).notNull().default('0.00'),
  freeFreightThreshold: numeric('free_freight_threshold', { precision: 12, scale: 2 }),
  autoConfirmDays: integer('auto_confirm_days').notNull().default(7),
  defaultCourier: varchar('default_courier', { length: 16 }).notNull().default(''),
  sfAccount: varchar('sf_account', { length: 64 }).notNull().default(''),
  receivingBank: varchar('receiving_bank', { length: 100 }).notNull().default(''),
  receivingAccountName: varchar('receiving_account_name', { length: 100 }).notNull().default(''),
  receivingAccountNo: varchar('receiving_account_no', { length: 64 }).notNull().default(''),
  servicePhone: varchar('service_phone', { length: 32 }).notNull().default(''),
  config: jsonb('config').notNull().default({}),
});

/** A customer-service team. */
export const team = pgTable(
  'team',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    leaderAccountId: integer('leader_account_id').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [index('team_pharmacy_idx').on(t.pharmacyId)],
);

export const pharmacyMember = pgTable(
  'pharmacy_member',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    role: varchar('role', {
      length: 32,
      enum: ['shop', 'pharmacy_admin', 'manager', 'customer_service', 'pharmacist'],
    }).notNull(),
    permissions: textArray('permissions'),
    teamId: integer('team_id').references(() => team.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16, enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
  },
  (t) => [
    uniqueIndex('pharmacy_member_pharmacy_account_idx').on(t.pharmacyId, t.accountId),
    index('pharmacy_member_account_idx').on(t.accountId),
  ],
);

export const customerService = pgTable(
  'customer_service',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .unique()
      .references(() => pharmacyMember.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => team.id, { onDelete: 'set null' }),
    qrcodeUrl: varchar('qrcode_url', { length: 500 }).notNull().default(''),
  },
  (t) => [index('customer_service_pharmacy_idx').on(t.pharmacyId)],
);

export const channel = pgTable(
  'channel',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    scene: varchar('scene', { length: 64 }).notNull().unique(),
    qrcodeUrl: varchar('qrcode_url', { length: 500 }).notNull().default(''),
    scanCount: integer('scan_count').notNull().default(0),
    memberCount: integer('member_count').notNull().default(0),
  },
  (t) => [index('channel_pharmacy_idx').on(t.pharmacyId)],
);

/** A pharmacy's member (会员). */
export const viper = pgTable(
  'viper',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    level: integer('level').notNull().default(1),
    points: integer('points').notNull().default(0),
    channelId: integer('channel_id').references(() => channel.id, { onDelete: 'set null' }),
    tags: textArray('tags'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
  },
  (t) => [
    unique('viper_pharmacy_account_uq').on(t.pharmacyId, t.accountId),
    index('viper_account_idx').on(t.accountId),
    /** New members of the platform in a range (数据看板, the operator's 会员管理 joined filter). */
    index('viper_created_idx').on(t.createdAt),
    // the member list's default order (newest first) inside a pharmacy: page 1 reads 20 index entries
    index('viper_pharmacy_created_idx').on(t.pharmacyId, t.createdAt, t.id),
  ],
);

/** A pharmacy's CRM card of one customer. */
export const customerInfo = pgTable(
  'customer_info',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 50 }).notNull().default(''),
    tags: textArray('tags'),
    notes: text('notes').notNull().default(''),
    ownerAccountId: integer('owner_account_id').references(() => account.id, { onDelete: 'set null' }),
    /** The channel the customer came through (the member's channel, copied when the card is made). */
    channelId: integer('channel_id').references(() => channel.id, { onDelete: 'set null' }),
    /** The latest follow-up's time (customer_follow_up), kept in the same transaction as the follow-up. */
    lastContactAt: tz('last_contact_at'),
  },
  (t) => [
    unique('customer_info_pharmacy_account_uq').on(t.pharmacyId, t.accountId),
    index('customer_info_account_idx').on(t.accountId),
    // the customer list: newest first inside a pharmacy, by owner, by last contact
    index('customer_info_pharmacy_created_idx').on(t.pharmacyId, t.createdAt, t.id),
    // migration 0023 INCLUDEs tags, last_contact_at and channel_id (the filtered count is an index-only scan)
    index('customer_info_owner_idx').on(t.pharmacyId, t.ownerAccountId, t.createdAt, t.id),
    index('customer_info_contact_idx').on(t.pharmacyId, t.lastContactAt),
  ],
);

export const blackUser = pgTable(
  'black_user',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => account.id, { onDelete: 'set null' }),
    phone: varchar('phone', { length: 11 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [unique('black_user_pharmacy_phone_uq').on(t.pharmacyId, t.phone)],
);
