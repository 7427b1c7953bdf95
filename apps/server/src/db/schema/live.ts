import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { account } from './accounts';
import { baseColumns, tz } from './columns';
import { pharmacy, pharmacyMember } from './pharmacies';
import { quoteSet } from './pharmacy-console';

const textArray = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * A live class (直播课程) of a pharmacy. Status: draft → scheduled → live → ended (guarded: every change is one
 * `UPDATE … WHERE status = <from>`); scheduled → draft (撤回) too. The stream comes from an external service by
 * address: push_url (for the lecturer's encoder), pull_url (HLS the viewers play while live), replay_url (HLS after).
 */
export const live = pgTable(
  'live',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    coverUrl: varchar('cover_url', { length: 500 }).notNull().default(''),
    lecturer: varchar('lecturer', { length: 50 }).notNull(),
    intro: text('intro').notNull().default(''),
    /** Planned schedule. */
    startAt: tz('start_at').notNull(),
    endAt: tz('end_at').notNull(),
    /** When it really went live / ended (set by the flow). */
    startedAt: tz('started_at'),
    endedAt: tz('ended_at'),
    status: varchar('status', { length: 16, enum: ['draft', 'scheduled', 'live', 'ended'] })
      .notNull()
      .default('draft'),
    pushUrl: varchar('push_url', { length: 500 }).notNull().default(''),
    pullUrl: varchar('pull_url', { length: 500 }).notNull().default(''),
    replayUrl: varchar('replay_url', { length: 500 }).notNull().default(''),
    /** LiveConfig (packages/shared live.schema.ts): chat_enabled, exam_enabled, replay_enabled, pass_score. */
    config: jsonb('config').notNull().default({}),
    /** The combo shown to viewers with a buy button (the pharmacy's own quote_set). */
    quoteSetId: integer('quote_set_id').references(() => quoteSet.id, { onDelete: 'set null' }),
    /** The combo is pinned on the viewer page (control room). */
    comboPinned: boolean('combo_pinned').notNull().default(false),
    /** The live this one was copied (synced) from, in another pharmacy of the same shop. */
    sourceLiveId: integer('source_live_id'),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('live_pharmacy_start_idx').on(t.pharmacyId, t.startAt, t.id),
    index('live_pharmacy_status_idx').on(t.pharmacyId, t.status),
  ],
);

/** A share card of a live (分享设置): the title, text and image a shared link shows. */
export const liveShare = pgTable(
  'live_share',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    imageUrl: varchar('image_url', { length: 500 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('live_share_live_idx').on(t.liveId)],
);

/** A file handed out with a live (课件资料). */
export const liveMaterial = pgTable(
  'live_material',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    size: integer('size').notNull().default(0),
    mime: varchar('mime', { length: 100 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('live_material_live_idx').on(t.liveId, t.sort)],
);

/** The question bank's categories (题目分类): a tree per pharmacy. */
export const questionCategory = pgTable(
  'question_category',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    name: varchar('name', { length: 50 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('question_category_pharmacy_idx').on(t.pharmacyId, t.parentId)],
);

/**
 * A question: single (one key), multiple (two or more keys), judge (true / false: answer ['T'] or ['F'], no options).
 * options: [{ key: 'A', text }]. A question bound to a live's exam cannot be deleted (live_question restricts).
 */
export const question = pgTable(
  'question',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => questionCategory.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 16, enum: ['single', 'multiple', 'judge'] }).notNull(),
    stem: varchar('stem', { length: 500 }).notNull(),
    options: jsonb('options').notNull().default([]),
    answer: textArray('answer'),
    analysis: text('analysis').notNull().default(''),
    score: integer('score').notNull().default(10),
  },
  (t) => [index('question_pharmacy_idx').on(t.pharmacyId, t.categoryId, t.id)],
);

/** A live's exam: its questions in order. */
export const liveQuestion = pgTable(
  'live_question',
  {
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.questionId] }), index('live_question_question_idx').on(t.questionId)],
);

/**
 * A column (专栏). pharmacy_id null and kind 'platform' = a platform column (平台专栏, the operator's shelf);
 * kind 'pharmacy' = a pharmacy's column: draft → pending (submitted to a platform column) → approved | rejected
 * (with a reason); a rejected or approved one may be edited and submitted again.
 */
export const liveColumn = pgTable(
  'live_column',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id').references(() => pharmacy.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: ['pharmacy', 'platform'] }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    coverUrl: varchar('cover_url', { length: 500 }).notNull().default(''),
    intro: text('intro').notNull().default(''),
    status: varchar('status', { length: 16, enum: ['draft', 'pending', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    /** The platform column a pharmacy column is submitted to / shown in. */
    platformColumnId: integer('platform_column_id'),
    rejectReason: varchar('reject_reason', { length: 500 }).notNull().default(''),
    submittedAt: tz('submitted_at'),
    reviewedAt: tz('reviewed_at'),
    reviewedBy: integer('reviewed_by').references(() => account.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    index('live_column_pharmacy_idx').on(t.pharmacyId, t.id),
    index('live_column_platform_idx').on(t.platformColumnId, t.status),
    index('live_column_status_idx').on(t.kind, t.status),
  ],
);

/** A camp period (营期) of a column: dates and its lives in order. */
export const columnPeriod = pgTable(
  'column_period',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    columnId: integer('column_id')
      .notNull()
      .references(() => liveColumn.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    startAt: tz('start_at').notNull(),
    endAt: tz('end_at').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('column_period_column_idx').on(t.columnId, t.sort)],
);

/** A live bound to a camp period, in order (sort 1, 2, …; re-sort rewrites them all in one statement). */
export const columnPeriodLive = pgTable(
  'column_period_live',
  {
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => columnPeriod.id, { onDelete: 'cascade' }),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.liveId] }), index('column_period_live_live_idx').on(t.liveId)],
);

/**
 * A patient enrolled in a camp period: once per patient and period (the unique index makes a repeated or concurrent
 * enrolment a no-op: INSERT … ON CONFLICT DO NOTHING). inviter_member_id: the staff member whose invitation link
 * the patient came through (source 'invite'), or who enrolled them (source 'staff').
 */
export const liveEnrollment = pgTable(
  'live_enrollment',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => columnPeriod.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 16, enum: ['invite', 'staff', 'self'] }).notNull(),
    inviterMemberId: integer('inviter_member_id').references(() => pharmacyMember.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('live_enrollment_period_account_uq').on(t.periodId, t.accountId),
    index('live_enrollment_pharmacy_account_idx').on(t.pharmacyId, t.accountId, t.createdAt),
    index('live_enrollment_inviter_idx').on(t.inviterMemberId, t.createdAt),
  ],
);

/** A patient opened a staff member's invitation link to a camp period (团队统计's 邀请): once per period, patient, inviter. */
export const liveInvitation = pgTable(
  'live_invitation',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    periodId: integer('period_id')
      .notNull()
      .references(() => columnPeriod.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    inviterMemberId: integer('inviter_member_id')
      .notNull()
      .references(() => pharmacyMember.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('live_invitation_uq').on(t.periodId, t.accountId, t.inviterMemberId),
    index('live_invitation_pharmacy_idx').on(t.pharmacyId, t.createdAt),
  ],
);

/**
 * One accepted viewer heartbeat (raw record, append-only; written in batches). seconds: the watch time it credits
 * (LIVE_HEARTBEAT_SECONDS). mode: watching the live stream or its replay.
 */
export const liveHeartbeat = pgTable(
  'live_heartbeat',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    pharmacyId: integer('pharmacy_id').notNull(),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    seconds: smallint('seconds').notNull(),
    mode: varchar('mode', { length: 8, enum: ['live', 'replay'] }).notNull(),
    beatAt: tz('beat_at').notNull().defaultNow(),
  },
  (t) => [
    index('live_heartbeat_live_idx').on(t.liveId, t.beatAt),
    index('live_heartbeat_pharmacy_idx').on(t.pharmacyId, t.beatAt),
  ],
);

/**
 * Watch time per live, patient and Shanghai day, kept by the same statement that appends the heartbeats (the
 * statistics read this; tests reconcile it with live_heartbeat).
 */
export const liveWatch = pgTable(
  'live_watch',
  {
    pharmacyId: integer('pharmacy_id').notNull(),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').notNull(),
    day: date('day').notNull(),
    seconds: integer('seconds').notNull().default(0),
    beats: integer('beats').notNull().default(0),
    firstBeatAt: tz('first_beat_at').notNull(),
    lastBeatAt: tz('last_beat_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.liveId, t.accountId, t.day] }),
    index('live_watch_pharmacy_day_idx').on(t.pharmacyId, t.day, t.accountId),
  ],
);

/** A viewer's comment in a live's chat (互动); staff may hide it. */
export const liveComment = pgTable(
  'live_comment',
  {
    ...baseColumns(),
    pharmacyId: integer('pharmacy_id').notNull(),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    /** A staff member's comment (主持人) has their account and staff true. */
    staff: boolean('staff').notNull().default(false),
    content: varchar('content', { length: 200 }).notNull(),
    status: varchar('status', { length: 16, enum: ['visible', 'hidden'] })
      .notNull()
      .default('visible'),
    hiddenBy: integer('hidden_by').references(() => account.id, { onDelete: 'set null' }),
  },
  (t) => [index('live_comment_live_idx').on(t.liveId, t.id)],
);

/** A viewer muted (禁言) in one live. */
export const liveMute = pgTable(
  'live_mute',
  {
    pharmacyId: integer('pharmacy_id').notNull(),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    mutedBy: integer('muted_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.accountId] })],
);

/** A patient's submitted exam of a live: once (the primary key makes a resubmission a no-op answering the first). */
export const liveExamResult = pgTable(
  'live_exam_result',
  {
    pharmacyId: integer('pharmacy_id').notNull(),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    totalScore: integer('total_score').notNull(),
    correctCount: integer('correct_count').notNull(),
    questionCount: integer('question_count').notNull(),
    submittedAt: tz('submitted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.liveId, t.accountId] }),
    index('live_exam_result_pharmacy_idx').on(t.pharmacyId, t.submittedAt),
  ],
);

/** One answer of a submitted exam (written with its live_exam_result, in the same transaction). */
export const liveAnswer = pgTable(
  'live_answer',
  {
    pharmacyId: integer('pharmacy_id').notNull(),
    liveId: integer('live_id')
      .notNull()
      .references(() => live.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => question.id, { onDelete: 'cascade' }),
    answer: textArray('answer'),
    correct: boolean('correct').notNull(),
    score: integer('score').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.accountId, t.questionId] })],
);
