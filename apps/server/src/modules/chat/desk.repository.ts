import { CHAT_PRESENCE_TTL_MS, type ChatHistoryQuery, type ChatStaffStatus, chatStaffRoles } from '@pharmacy/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';
import { type ConversationRow, conversationColumns, conversationFrom } from './conversation.repository';

type Time = Date | string;

export interface SettingsRow {
  greeting: string;
  off_hours_reply: string;
  work_days: number[];
  work_start: string;
  work_end: string;
  per_staff_limit: number;
}

export interface CannedReplyRow {
  id: number;
  shortcut: string;
  content: string;
  sort: number;
  updated_at: Time;
}

export interface StaffStatusRow {
  status: ChatStaffStatus;
  /** Status online and a heartbeat within CHAT_PRESENCE_TTL_MS. */
  connected: boolean;
}

export interface ColleagueRow {
  account_id: number;
  name: string;
  phone: string;
  role: string;
  status: ChatStaffStatus | null;
  connected: boolean;
  open_count: number;
}

/** A conversation as the history reads it: the summary's row and the first message matching the text. */
export type HistoryRow = ConversationRow & { matched_text: string | null };

export interface PatientRow {
  account_id: number;
  name: string;
  phone: string;
  avatar: string;
  member_since: Time;
  order_count: number;
  order_total: string;
}

export interface FamilyMemberRow {
  id: number;
  name: string;
  relation: string;
  id_number: string;
  gender: 'male' | 'female' | null;
  birthday: string | null;
  allergy_history: string[];
  past_medical_history: string[];
  family_medical_history: string[];
  is_default: boolean;
}

export interface OrderCardRow {
  order_id: number;
  order_no: string;
  status: string;
  total: string;
  item_count: number;
  first_item: string | null;
  created_at: Time;
}

export interface RecipeRow {
  id: number;
  recipe_no: string;
  status: string;
  patient_name: string;
  diagnoses: string[] | null;
  created_at: Time;
}

export interface ProductCardRow {
  quote_id: number;
  product_id: number;
  name: string;
  spec: string;
  price: string;
  images: string[] | null;
  type: string;
}

const chatRoles = sql.join(
  chatStaffRoles.map((r) => sql`${r}`),
  sql`, `,
);
const presenceTtl = sql`${`${CHAT_PRESENCE_TTL_MS} milliseconds`}::interval`;

/**
 * The only place that knows how the chat desk's data is stored: settings, canned replies, staff status, colleagues,
 * the patient info panel, the product picker and the history. Every query names the pharmacy.
 */
export class DeskRepository {
  constructor(private readonly db: Database) {}

  // ------------------------------------------------------------------------------------------------ settings

  async settings(pharmacyId: number): Promise<SettingsRow | null> {
    const { rows } = await queryRows<SettingsRow>(
      this.db,
      sql`select greeting, off_hours_reply, work_days, work_start, work_end, per_staff_limit
        from chat_setting where pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  async saveSettings(pharmacyId: number, values: SettingsRow, accountId: number): Promise<void> {
    const days = sql`array[${sql.join(
      values.work_days.map((d) => sql`${d}`),
      sql`, `,
    )}]::smallint[]`;
    await this.db.execute(
      sql`insert into chat_setting (pharmacy_id, greeting, off_hours_reply, work_days, work_start, work_end,
          per_staff_limit, updated_at, updated_by)
        values (${pharmacyId}, ${values.greeting}, ${values.off_hours_reply}, ${days}, ${values.work_start},
          ${values.work_end}, ${values.per_staff_limit}, now(), ${accountId})
        on conflict (pharmacy_id) do update set greeting = excluded.greeting,
          off_hours_reply = excluded.off_hours_reply, work_days = excluded.work_days,
          work_start = excluded.work_start, work_end = excluded.work_end,
          per_staff_limit = excluded.per_staff_limit, updated_at = now(), updated_by = excluded.updated_by`,
    );
  }

  // ------------------------------------------------------------------------------------------------ canned replies

  async cannedReplies(pharmacyId: number): Promise<CannedReplyRow[]> {
    const { rows } = await queryRows<CannedReplyRow>(
      this.db,
      sql`select id, shortcut, content, sort, updated_at from chat_canned_reply
        where pharmacy_id = ${pharmacyId} order by sort, id`,
    );
    return rows;
  }

  /** The new row, or null when the pharmacy already has the shortcut. */
  async insertCannedReply(
    pharmacyId: number,
    values: { shortcut: string; content: string; sort: number },
    accountId: number,
  ): Promise<CannedReplyRow | null> {
    const { rows } = await queryRows<CannedReplyRow>(
      this.db,
      sql`insert into chat_canned_reply (pharmacy_id, shortcut, content, sort, created_by)
        values (${pharmacyId}, ${values.shortcut}, ${values.content}, ${values.sort}, ${accountId})
        on conflict (pharmacy_id, shortcut) do nothing
        returning id, shortcut, content, sort, updated_at`,
    );
    return rows[0] ?? null;
  }

  async cannedReply(pharmacyId: number, id: number): Promise<CannedReplyRow | null> {
    const { rows } = await queryRows<CannedReplyRow>(
      this.db,
      sql`select id, shortcut, content, sort, updated_at from chat_canned_reply
        where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  /** The pharmacy's other reply using this shortcut, if any. */
  async shortcutTaken(pharmacyId: number, shortcut: string, exceptId: number): Promise<boolean> {
    const { rows } = await queryRows<{ id: number }>(
      this.db,
      sql`select id from chat_canned_reply where pharmacy_id = ${pharmacyId} and shortcut = ${shortcut}
        and id <> ${exceptId} limit 1`,
    );
    return rows.length > 0;
  }

  /** The updated row, or null when the pharmacy has no such reply. A taken shortcut throws 23505. */
  async updateCannedReply(
    pharmacyId: number,
    id: number,
    values: { shortcut: string; content: string; sort: number },
  ): Promise<CannedReplyRow | null> {
    const { rows } = await queryRows<CannedReplyRow>(
      this.db,
      sql`update chat_canned_reply set shortcut = ${values.shortcut}, content = ${values.content},
          sort = ${values.sort}, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId}
        returning id, shortcut, content, sort, updated_at`,
    );
    return rows[0] ?? null;
  }

  async deleteCannedReply(pharmacyId: number, id: number): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`delete from chat_canned_reply where id = ${id} and pharmacy_id = ${pharmacyId}`,
    );
    return rowCount > 0;
  }

  // ------------------------------------------------------------------------------------------------ status

  async staffStatus(pharmacyId: number, accountId: number): Promise<StaffStatusRow | null> {
    const { rows } = await queryRows<StaffStatusRow>(
      this.db,
      sql`select status, (status = 'online' and last_seen_at is not null
            and last_seen_at > now() - ${presenceTtl}) as connected
        from chat_staff_status where pharmacy_id = ${pharmacyId} and account_id = ${accountId}`,
    );
    return rows[0] ?? null;
  }

  /** Sets the status; the heartbeat (last_seen_at) is the socket's to keep. */
  async setStaffStatus(pharmacyId: number, accountId: number, status: ChatStaffStatus): Promise<void> {
    await this.db.execute(
      sql`insert into chat_staff_status (pharmacy_id, account_id, status, updated_at)
        values (${pharmacyId}, ${accountId}, ${status}, now())
        on conflict (pharmacy_id, account_id) do update set status = excluded.status, updated_at = now()`,
    );
  }

  // ------------------------------------------------------------------------------------------------ colleagues

  /** The pharmacy's active chat-role members with their status and open conversations. */
  async colleagues(pharmacyId: number): Promise<ColleagueRow[]> {
    const { rows } = await queryRows<ColleagueRow>(
      this.db,
      sql`select m.account_id, a.name, a.phone, m.role, s.status,
          coalesce(s.last_seen_at > now() - ${presenceTtl}, false) as connected,
          (select count(*)::int from conversation o where o.pharmacy_id = m.pharmacy_id
             and o.assignee_id = m.account_id and o.status = 'open') as open_count
        from pharmacy_member m
        join account a on a.id = m.account_id and a.status = 'active'
        left join chat_staff_status s on s.pharmacy_id = m.pharmacy_id and s.account_id = m.account_id
        where m.pharmacy_id = ${pharmacyId} and m.status = 'active' and m.role in (${chatRoles})
        order by m.id`,
    );
    return rows;
  }

  // ------------------------------------------------------------------------------------------------ patient info

  /** The patient of the pharmacy's conversation, with their orders at the pharmacy; null outside it. */
  async patientOfConversation(pharmacyId: number, conversationId: number): Promise<PatientRow | null> {
    const { rows } = await queryRows<PatientRow>(
      this.db,
      sql`select a.id as account_id, a.name, a.phone, a.head_img_url as avatar, a.created_at as member_since,
          (select count(*)::int from orders o where o.pharmacy_id = ${pharmacyId} and o.account_id = a.id
             and o.deleted_at is null) as order_count,
          (select coalesce(sum(s.pay_amount - s.refund_amount), 0)::numeric(12,2)::text from settlement s
             join orders o on o.id = s.order_id
             where s.pharmacy_id = ${pharmacyId} and o.account_id = a.id) as order_total
        from conversation c join account a on a.id = c.patient_account_id
        where c.id = ${conversationId} and c.pharmacy_id = ${pharmacyId}`,
    );
    return rows[0] ?? null;
  }

  async familyMembers(accountId: number): Promise<FamilyMemberRow[]> {
    const { rows } = await queryRows<FamilyMemberRow>(
      this.db,
      sql`select id, name, relation, id_number, gender, birthday::text as birthday, allergy_history,
          past_medical_history, family_medical_history, is_default
        from family_member where account_id = ${accountId}
        order by is_default desc, created_at, id`,
    );
    return rows;
  }

  /** The patient's newest orders at the pharmacy, as order cards. */
  async recentOrders(pharmacyId: number, accountId: number, limit: number): Promise<OrderCardRow[]> {
    const { rows } = await queryRows<OrderCardRow>(
      this.db,
      sql`select o.id as order_id, o.order_no, o.status, o.pay_amount::text as total, o.created_at,
          (select coalesce(sum(i.qty), 0)::int from order_item i where i.order_id = o.id) as item_count,
          (select i.name from order_item i where i.order_id = o.id order by i.id limit 1) as first_item
        from orders o
        where o.pharmacy_id = ${pharmacyId} and o.account_id = ${accountId} and o.deleted_at is null
        order by o.id desc limit ${limit}`,
    );
    return rows;
  }

  /** The patient's newest prescriptions dispensed by the pharmacy. */
  async recentRecipes(pharmacyId: number, accountId: number, limit: number): Promise<RecipeRow[]> {
    const { rows } = await queryRows<RecipeRow>(
      this.db,
      sql`select r.id, r.recipe_no, r.status, r.patient_name, r.diagnoses, r.created_at
        from recipe r
        where r.pharmacy_id = ${pharmacyId} and r.account_id = ${accountId}
        order by r.id desc limit ${limit}`,
    );
    return rows;
  }

  // ------------------------------------------------------------------------------------------------ products

  /** The pharmacy's quotes on sale, the keyword in the product's name or generic name. */
  async products(pharmacyId: number, keyword: string | undefined, limit: number): Promise<ProductCardRow[]> {
    const conditions: SQL[] = [
      sql`q.pharmacy_id = ${pharmacyId}`,
      sql`q.status = 'on_shelf'`,
      sql`pr.status = 'active'`,
    ];
    if (keyword) {
      const pattern = containsPattern(keyword);
      conditions.push(sql`(pr.name ilike ${pattern} or pr.generic_name ilike ${pattern})`);
    }
    const { rows } = await queryRows<ProductCardRow>(
      this.db,
      sql`select q.id as quote_id, q.product_id, pr.name, pr.spec, q.price::text as price, pr.images, pr.type
        from quote q join product pr on pr.id = q.product_id
        where ${sql.join(conditions, sql` and `)}
        order by q.is_top desc, q.sort, q.sales_count desc, q.id desc limit ${limit}`,
    );
    return rows;
  }

  // ------------------------------------------------------------------------------------------------ history

  /**
   * A page of the pharmacy's conversations, latest activity first. `text` keeps those with a message containing it
   * (ILIKE, served by chat_message_body_trgm_idx) and answers the first such message; the dates keep those active on
   * those Shanghai days (created on or before the last day, last message on or after the first).
   */
  async history(pharmacyId: number, q: ChatHistoryQuery): Promise<{ rows: HistoryRow[]; total: number }> {
    const c: SQL[] = [sql`c.pharmacy_id = ${pharmacyId}`];
    if (q.status) c.push(sql`c.status = ${q.status}`);
    if (q.staff_id) c.push(sql`c.assignee_id = ${q.staff_id}`);
    if (q.patient) {
      const pattern = containsPattern(q.patient);
      c.push(sql`(pa.name ilike ${pattern} or pa.phone like ${pattern})`);
    }
    if (q.date_from)
      c.push(
        sql`coalesce(c.last_message_at, c.created_at) >= (${q.date_from}::date)::timestamp at time zone 'Asia/Shanghai'`,
      );
    if (q.date_to) c.push(sql`c.created_at < ((${q.date_to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
    const pattern = q.text ? containsPattern(q.text) : null;
    if (pattern)
      c.push(
        sql`c.id in (select m.conversation_id from chat_message m
          where m.pharmacy_id = ${pharmacyId} and m.body ilike ${pattern})`,
      );
    const where = sql.join(c, sql` and `);
    const matched = pattern
      ? sql`(select m.body from chat_message m where m.conversation_id = c.id and m.body ilike ${pattern}
          order by m.seq limit 1)`
      : sql`null::text`;
    const [page, total] = await Promise.all([
      queryRows<HistoryRow>(
        this.db,
        sql`select ${conversationColumns}, ${matched} as matched_text from ${conversationFrom}
          where ${where}
          order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
          limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`,
      ),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from conversation c join account pa on pa.id = c.patient_account_id
          where ${where}`,
      ),
    ]);
    return { rows: page.rows, total: total.rows[0]?.n ?? 0 };
  }
}
