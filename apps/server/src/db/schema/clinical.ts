import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns, tz } from './columns';
import { orders } from './orders';
import { doctor, familyMember } from './people';
import { pharmacy } from './pharmacies';

// Clinical tables (docs/clinical.md): consultation requests, prescriptions (recipe) and their inspections, health
// forms and measurements. A request or prescription belongs to one doctor (doctor_id) and, for dispensing, one
// pharmacy (pharmacy_id); every status change is one guarded UPDATE … WHERE status = expected.

export const consultationStatusValues = ['pending', 'approved', 'rejected', 'prescribed', 'cancelled'] as const;
export const recipeStatusValues = ['pending_inspection', 'approved', 'rejected', 'void'] as const;
export const healthFormStatusValues = ['submitted', 'approved', 'rejected'] as const;

const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** A patient's request for a prescription: opened by a paid RX order, or added by a doctor for a patient. */
export const consultationRequest = pgTable(
  'consultation_request',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    familyMemberId: integer('family_member_id').references(() => familyMember.id, { onDelete: 'set null' }),
    doctorId: integer('doctor_id').references(() => doctor.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    source: varchar('source', { length: 16, enum: ['order', 'staff'] })
      .notNull()
      .default('order'),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    /** The patient as they were when the request was made. */
    patientName: varchar('patient_name', { length: 50 }).notNull().default(''),
    patientGender: varchar('patient_gender', { length: 8 }).notNull().default(''),
    patientAge: integer('patient_age'),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    /** [{ product_id, name, generic_name, spec, type, qty }] */
    wantedItems: jsonb('wanted_items').notNull().default(sql`'[]'::jsonb`),
    images: textArray('images'),
    status: varchar('status', { length: 16, enum: consultationStatusValues }).notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    decidedAt: tz('decided_at'),
  },
  (t) => [
    index('consultation_request_doctor_idx').on(t.doctorId, t.status, t.id),
    index('consultation_request_doctor_list_idx').on(t.doctorId, t.id),
    index('consultation_request_account_idx').on(t.accountId, t.id),
    uniqueIndex('consultation_request_order_uq').on(t.orderId).where(sql`${t.orderId} is not null`),
    // "a patient this doctor has treated" (direct writes)
    index('consultation_request_member_idx').on(t.familyMemberId, t.doctorId),
  ],
);

/** A prescription a doctor wrote, inspected by a pharmacist of the dispensing pharmacy. */
export const recipe = pgTable(
  'recipe',
  {
    ...baseColumns(),
    recipeNo: varchar('recipe_no', { length: 32 }).notNull().unique(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctor.id, { onDelete: 'restrict' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    familyMemberId: integer('family_member_id').references(() => familyMember.id, { onDelete: 'set null' }),
    consultationRequestId: integer('consultation_request_id').references(() => consultationRequest.id, {
      onDelete: 'set null',
    }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The patient as written on the prescription. */
    patientName: varchar('patient_name', { length: 50 }).notNull(),
    patientGender: varchar('patient_gender', { length: 8 }).notNull().default(''),
    patientAge: integer('patient_age'),
    patientWeightKg: numeric('patient_weight_kg', { precision: 5, scale: 1 }),
    allergies: textArray('allergies'),
    diagnoses: textArray('diagnoses'),
    /** [{ product_id, name, generic_name, spec, type, dosage, frequency, route, days, qty }] */
    items: jsonb('items').notNull(),
    /** The inspection aids' findings when written: [{ code, items, message, override_reason }] (docs/clinical.md). */
    warnings: jsonb('warnings').notNull().default(sql`'[]'::jsonb`),
    images: textArray('images'),
    signatureUrl: varchar('signature_url', { length: 500 }).notNull().default(''),
    status: varchar('status', { length: 20, enum: recipeStatusValues }).notNull().default('pending_inspection'),
    pharmacistId: integer('pharmacist_id').references(() => account.id, { onDelete: 'set null' }),
    inspectedAt: tz('inspected_at'),
    rejectCode: varchar('reject_code', { length: 32 }).notNull().default(''),
    rejectReason: varchar('reject_reason', { length: 500 }).notNull().default(''),
  },
  (t) => [
    index('recipe_pharmacy_status_idx').on(t.pharmacyId, t.status, t.id),
    index('recipe_pharmacy_list_idx').on(t.pharmacyId, t.id),
    index('recipe_doctor_idx').on(t.doctorId, t.id),
    index('recipe_doctor_status_idx').on(t.doctorId, t.status, t.id),
    index('recipe_account_idx').on(t.accountId, t.id),
    /** The platform's ranges (数据看板, 处方统计): prescriptions written between two days, every pharmacy. */
    index('recipe_created_idx').on(t.createdAt),
    index('recipe_order_idx').on(t.orderId),
    // the request's prescription (consultation detail and lists) and "a patient this doctor has treated"
    index('recipe_consultation_idx').on(t.consultationRequestId),
    index('recipe_member_idx').on(t.familyMemberId, t.doctorId),
  ],
);

/** Every inspection decision, kept: who, when, what was shown, the decision. */
export const recipeInspection = pgTable(
  'recipe_inspection',
  {
    ...baseColumns(),
    recipeId: integer('recipe_id')
      .notNull()
      .references(() => recipe.id, { onDelete: 'cascade' }),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    pharmacistId: integer('pharmacist_id')
      .notNull()
      .references(() => account.id, { onDelete: 'restrict' }),
    decision: varchar('decision', { length: 16, enum: ['approve', 'reject'] }).notNull(),
    rejectCode: varchar('reject_code', { length: 32 }).notNull().default(''),
    reason: varchar('reason', { length: 500 }).notNull().default(''),
    /** What the pharmacist was shown: the warnings of the inspection aids run at inspection, the images. */
    shown: jsonb('shown').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('recipe_inspection_recipe_idx').on(t.recipeId, t.id)],
);

/** A patient's health form for a family member, reviewed by a doctor. */
export const healthCollection = pgTable(
  'health_collection',
  {
    ...baseColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    familyMemberId: integer('family_member_id')
      .notNull()
      .references(() => familyMember.id, { onDelete: 'cascade' }),
    doctorId: integer('doctor_id').references(() => doctor.id, { onDelete: 'set null' }),
    /** The answers as the patient gave them (docs/clinical.md "Health forms"). */
    answers: jsonb('answers').notNull().default(sql`'{}'::jsonb`),
    status: varchar('status', { length: 16, enum: healthFormStatusValues }).notNull().default('submitted'),
    submittedAt: tz('submitted_at'),
    reviewedAt: tz('reviewed_at'),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
  },
  (t) => [
    index('health_collection_doctor_idx').on(t.doctorId, t.status, t.id),
    index('health_collection_account_idx').on(t.accountId, t.id),
  ],
);

/** One measurement of a family member (the health chart): any of height, weight, blood pressure, blood sugar. */
export const healthMeasurement = pgTable(
  'health_measurement',
  {
    ...baseColumns(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    familyMemberId: integer('family_member_id')
      .notNull()
      .references(() => familyMember.id, { onDelete: 'cascade' }),
    measuredAt: tz('measured_at').notNull(),
    heightCm: numeric('height_cm', { precision: 5, scale: 1 }),
    weightKg: numeric('weight_kg', { precision: 5, scale: 1 }),
    systolic: integer('systolic'),
    diastolic: integer('diastolic'),
    bloodSugar: numeric('blood_sugar', { precision: 4, scale: 1 }),
  },
  (t) => [index('health_measurement_member_idx').on(t.familyMemberId, t.measuredAt)],
);
