import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { quote } from './catalogue';
import { baseColumns } from './columns';
import { pharmacy } from './pharmacies';

const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** A combo (套餐): quotes of one pharmacy sold together at a package price. */
export const quoteSet = pgTable(
  'quote_set',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    status: varchar('status', { length: 16, enum: ['on_sale', 'off_sale'] })
      .notNull()
      .default('off_sale'),
    remark: varchar('remark', { length: 500 }).notNull().default(''),
  },
  (t) => [index('quote_set_pharmacy_idx').on(t.pharmacyId, t.id)],
);

/** One line of a combo. A quote used by a combo cannot be deleted (restrict): the combo would change silently. */
export const quoteSetItem = pgTable(
  'quote_set_item',
  {
    ...baseColumns(),
    quoteSetId: integer('quote_set_id')
      .notNull()
      .references(() => quoteSet.id, { onDelete: 'cascade' }),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quote.id, { onDelete: 'restrict' }),
    qty: integer('qty').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('quote_set_item_set_quote_uq').on(t.quoteSetId, t.quoteId),
    index('quote_set_item_quote_idx').on(t.quoteId),
  ],
);

/** A qualification document of a pharmacy (资质): business licence, drug trade licence, GSP certificate, … */
export const pharmacyQualification = pgTable(
  'pharmacy_qualification',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    kind: varchar('kind', {
      length: 32,
      enum: [
        'business_licence',
        'drug_trade_licence',
        'gsp',
        'medical_device',
        'food_trade',
        'internet_drug_info',
        'other',
      ],
    }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    number: varchar('number', { length: 64 }).notNull().default(''),
    images: textArray('images'),
    /** Null: valid long-term (长期). */
    expireAt: date('expire_at', { mode: 'string' }),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
  },
  (t) => [index('pharmacy_qualification_pharmacy_idx').on(t.pharmacyId, t.kind)],
);

/** A courier account a pharmacy ships with (SF monthly-settlement number, sender details). */
export const pharmacyCourier = pgTable(
  'pharmacy_courier',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    courierCode: varchar('courier_code', { length: 16 }).notNull(),
    companyName: varchar('company_name', { length: 50 }).notNull(),
    accountNo: varchar('account_no', { length: 64 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    senderName: varchar('sender_name', { length: 50 }).notNull().default(''),
    senderPhone: varchar('sender_phone', { length: 32 }).notNull().default(''),
    senderProvince: varchar('sender_province', { length: 32 }).notNull().default(''),
    senderCity: varchar('sender_city', { length: 32 }).notNull().default(''),
    senderDistrict: varchar('sender_district', { length: 32 }).notNull().default(''),
    senderAddress: varchar('sender_address', { length: 200 }).notNull().default(''),
    status: varchar('status', { length: 16, enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('pharmacy_courier_pharmacy_idx').on(t.pharmacyId, t.id),
    // at most one default courier per pharmacy
    uniqueIndex('pharmacy_courier_default_uq').on(t.pharmacyId).where(sql`${t.isDefault}`),
  ],
);

/**
 * Row counts kept by triggers in the same transaction as each write (migration 0007): a list's total and its tab
 * counts read one or two rows here instead of counting the table. scope = table ('quote', 'message'), owner = the
 * tenant or account, bucket = the tab ('on_shelf' / 'off_shelf'; 'read' / 'unread').
 */
export const listCount = pgTable(
  'list_count',
  {
    scope: varchar('scope', { length: 32 }).notNull(),
    ownerId: integer('owner_id').notNull(),
    bucket: varchar('bucket', { length: 32 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.ownerId, t.bucket] })],
);
