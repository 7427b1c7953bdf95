import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns } from './columns';

const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

export const doctor = pgTable('doctor', {
  ...baseColumns(),
  accountId: integer('account_id')
    .notNull()
    .unique()
    .references(() => account.id, { onDelete: 'cascade' }),
  hospital: varchar('hospital', { length: 100 }).notNull().default(''),
  department: varchar('department', { length: 50 }).notNull().default(''),
  title: varchar('title', { length: 50 }).notNull().default(''),
  licenceNo: varchar('licence_no', { length: 64 }).notNull().default(''),
  signatureUrl: varchar('signature_url', { length: 500 }).notNull().default(''),
  intro: text('intro').notNull().default(''),
  status: varchar('status', { length: 16, enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
});

export const commonDiagnose = pgTable(
  'common_diagnose',
  {
    ...baseColumns(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctor.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 200 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('common_diagnose_doctor_idx').on(t.doctorId, t.sort)],
);

export const familyMember = pgTable(
  'family_member',
  {
    ...baseColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    idNumber: varchar('id_number', { length: 18 }).notNull().default(''),
    gender: varchar('gender', { length: 8, enum: ['male', 'female'] }),
    birthday: date('birthday', { mode: 'string' }),
    phone: varchar('phone', { length: 11 }).notNull().default(''),
    relation: varchar('relation', { length: 16 }).notNull().default('self'),
    isDefault: boolean('is_default').notNull().default(false),
    allergyHistory: textArray('allergy_history'),
    familyMedicalHistory: textArray('family_medical_history'),
    pastMedicalHistory: textArray('past_medical_history'),
  },
  (t) => [index('family_member_account_idx').on(t.accountId)],
);

export const address = pgTable(
  'address',
  {
    ...baseColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    phone: varchar('phone', { length: 11 }).notNull(),
    province: varchar('province', { length: 32 }).notNull(),
    city: varchar('city', { length: 32 }).notNull(),
    district: varchar('district', { length: 32 }).notNull().default(''),
    detail: varchar('detail', { length: 200 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [index('address_account_idx').on(t.accountId)],
);
