import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client';
import { account, customerInfo, listCount, viper } from '../../db/schema/index';
import { accountAddresses, accountFamily, accountIdOfPhone } from '../../lib/account-records';
import { containsPattern } from '../../lib/search';
import { queryRows } from '../../lib/sql-rows';

/** A text[] parameter (drizzle's sql expands a JS array into a list). */
const textArray = (values: string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/** The page sizes the console offers: page 1 of the whole list at each is a prepared statement. */
const PREPARED_PAGE_SIZES = new Set([10, 20, 50, 100]);
/** How long page 1 names channels and owners from memory. */
const NAMES_TTL_MS = 60_000;

/** Roles that may own customers (customer_info.owner_account_id): the marketing staff, the shop account aside. */
export const OWNER_ROLES = ['pharmacy_admin', 'manager', 'customer_service'] as const;

export interface CustomerFilter {
  /** An owner's account id, or null for unowned customers; undefined: any. */
  owner?: number | null;
  tag?: string;
  channelId?: number;
  /** last_contact_at in [from, to). */
  contactFrom?: Date;
  contactTo?: Date;
  /** Never contacted, or last contacted before this instant. */
  notContactedSince?: Date;
  /** Exactly one phone, or the phone's last four digits, or part of the name. */
  phone?: string;
  phoneSuffix?: string;
  name?: string;
}

export interface CustomerRow {
  id: number;
  account_id: number;
  name: string;
  phone: string;
  head_img_url: string;
  level: number | null;
  points: number | null;
  tags: string[] | null;
  source: string;
  notes: string;
  channel_id: number | null;
  channel_name: string | null;
  owner_account_id: number | null;
  owner_name: string | null;
  last_contact_at: Date | string | null;
  created_at: Date | string;
}

export interface FollowUpRow {
  id: number;
  method: string;
  content: string;
  contacted_at: Date | string;
  next_follow_up_at: Date | string | null;
  author_account_id: number | null;
  author_name: string | null;
  created_at: Date | string;
}

/** The WHERE of the list and of its count; `account` only when the keyword needs the account. */
function customerWhere(pharmacyId: number, f: CustomerFilter): { where: SQL; needsAccount: boolean } {
  const c: SQL[] = [sql`ci.pharmacy_id = ${pharmacyId}`];
  let needsAccount = false;
  if (f.owner === null) c.push(sql`ci.owner_account_id is null`);
  else if (f.owner !== undefined) c.push(sql`ci.owner_account_id = ${f.owner}`);
  if (f.tag !== undefined) c.push(sql`${f.tag} = any(ci.tags)`);
  if (f.channelId !== undefined) c.push(sql`ci.channel_id = ${f.channelId}`);
  if (f.contactFrom) c.push(sql`ci.last_contact_at >= ${f.contactFrom.toISOString()}::timestamptz`);
  if (f.contactTo) c.push(sql`ci.last_contact_at < ${f.contactTo.toISOString()}::timestamptz`);
  if (f.notContactedSince)
    c.push(sql`(ci.last_contact_at is null or ci.last_contact_at < ${f.notContactedSince.toISOString()}::timestamptz)`);
  if (f.phone !== undefined) c.push(sql`ci.account_id = ${accountIdOfPhone(f.phone)}`);
  if (f.phoneSuffix !== undefined) {
    needsAccount = true;
    c.push(sql`a.phone like ${`%${f.phoneSuffix}`}`);
  }
  if (f.name !== undefined) {
    needsAccount = true;
    c.push(sql`a.name ilike ${containsPattern(f.name)}`);
  }
  return { where: sql.join(c, sql` and `), needsAccount };
}

/**
 * The row of the list and the card: customer_info alone in FROM, each looked-up column a one-row subquery by primary
 * or unique key (account, viper, channel, the owner's name). Planning a five-table join cost more than running it
 * (~5 ms against 0.7 ms on 200,000 customers); these plan as one index scan plus four key lookups per row.
 */
function customerSelect(where: SQL): SQL {
  return sql`select ci.id, ci.account_id, a.name, a.phone, a.head_img_url,
      (select v.level from viper v where v.pharmacy_id = ci.pharmacy_id and v.account_id = ci.account_id) as level,
      (select v.points from viper v where v.pharmacy_id = ci.pharmacy_id and v.account_id = ci.account_id) as points,
      ci.tags, ci.source, ci.notes, ci.channel_id,
      (select ch.name from channel ch where ch.id = ci.channel_id and ch.pharmacy_id = ci.pharmacy_id) as channel_name,
      ci.owner_account_id, (select o.name from account o where o.id = ci.owner_account_id) as owner_name,
      ci.last_contact_at, ci.created_at
    from customer_info ci
    cross join lateral (select a.name, a.phone, a.head_img_url from account a where a.id = ci.account_id) a
    where ${where}`;
}

/**
 * One page of the list, newest first: walks customer_info's (pharmacy_id, created_at, id) index, or with an owner
 * (pharmacy_id, owner_account_id, created_at, id); exported for bench/customer-list.mjs (the same statement bare).
 */
export function customerPageQuery(pharmacyId: number, filter: CustomerFilter, limit: number, offset: number): SQL {
  const { where } = customerWhere(pharmacyId, filter);
  return sql`${customerSelect(where)} order by ci.created_at desc, ci.id desc limit ${limit} offset ${offset}`;
}

/** The list's total under the same filter (the account joined only for a keyword on it). */
export function customerCountQuery(pharmacyId: number, filter: CustomerFilter): SQL {
  const { where, needsAccount } = customerWhere(pharmacyId, filter);
  const join = needsAccount ? sql`join account a on a.id = ci.account_id` : sql``;
  return sql`select count(*)::int as n from customer_info ci ${join} where ${where}`;
}

/**
 * The only place that knows how customers are stored. Every statement names the pharmacy. The list walks
 * customer_info's indexes newest first: (pharmacy_id, created_at, id) or, with an owner, (pharmacy_id,
 * owner_account_id, created_at, id); a last-contact range can use (pharmacy_id, last_contact_at).
 */
export class CustomerRepository {
  constructor(private readonly db: Database) {}

  /** The versions page 1 is kept under (see firstPageVersion). */
  private versionStatement?: { execute(v: Record<string, unknown>): Promise<{ v: string | null }[]> };

  /** Page 1 of the unfiltered list per page size: one named prepared statement each (see firstPage). */
  private readonly firstPages = new Map<number, { execute(v: Record<string, unknown>): Promise<unknown[]> }>();

  /**
   * Channel and staff names per pharmacy, kept NAMES_TTL_MS: page 1 names each row's channel and owner from memory
   * instead of two lookups a row (a rename shows on page 1 within the minute; every other read names them in SQL).
   */
  private readonly names = new Map<
    number,
    { until: number; channels: Map<number, string>; people: Map<number, string> }
  >();

  /**
   * Page 1 of the whole pharmacy as a named prepared statement (the same row as customerSelect, LIMIT written into
   * the text so that the generic plan is the 20-row walk): PostgreSQL plans it once per connection instead of on
   * every request, which was most of the statement's cost. Per row it reads the account and the member by key; the
   * channel's and the owner's names come from namesOf.
   */
  private firstPage(limit: number) {
    let statement = this.firstPages.get(limit);
    if (!statement) {
      const ci = customerInfo;
      statement = this.db
        .select({
          id: ci.id,
          account_id: ci.accountId,
          name: account.name,
          phone: account.phone,
          head_img_url: account.headImgUrl,
          level: viper.level,
          points: viper.points,
          tags: ci.tags,
          source: ci.source,
          notes: ci.notes,
          channel_id: ci.channelId,
          owner_account_id: ci.ownerAccountId,
          last_contact_at: ci.lastContactAt,
          created_at: ci.createdAt,
        })
        .from(ci)
        .innerJoin(account, eq(account.id, ci.accountId))
        .leftJoin(viper, and(eq(viper.pharmacyId, ci.pharmacyId), eq(viper.accountId, ci.accountId)))
        .where(eq(ci.pharmacyId, sql.placeholder('pharmacyId')))
        .orderBy(desc(ci.createdAt), desc(ci.id))
        .limit(sql.raw(String(Math.trunc(limit))) as unknown as number)
        .prepare(`customer_page1_${Math.trunc(limit)}`);
      this.firstPages.set(limit, statement);
    }
    return statement as {
      execute(v: Record<string, unknown>): Promise<Omit<CustomerRow, 'channel_name' | 'owner_name'>[]>;
    };
  }

  /**
   * What page 1 of a pharmacy's whole list is computed from, as one text: 'customer:writes' of the pharmacy (its
   * customer_info and viper rows) and 'customer_account:writes' of owner 0 (accounts' names, phones, avatars), both
   * bumped by migration 0026's triggers in the writing transaction. Null while either was never written: cache
   * nothing then. One named prepared statement, two primary-key lookups.
   */
  async firstPageVersion(pharmacyId: number): Promise<string | null> {
    if (!this.versionStatement) {
      this.versionStatement = this.db
        .select({
          v: sql<string | null>`${listCount.n}::text || ':' || (select p.n::text from ${listCount} p
            where p.scope = 'customer:writes' and p.owner_id = ${sql.placeholder('pharmacyId')} and p.bucket = 'n')`,
        })
        .from(listCount)
        .where(and(eq(listCount.scope, 'customer_account:writes'), eq(listCount.ownerId, 0), eq(listCount.bucket, 'n')))
        .prepare('customer_page1_version');
    }
    const [row] = await this.versionStatement.execute({ pharmacyId });
    return row?.v ?? null;
  }

  /**
   * Until when page 1's channel and owner names of a pharmacy are kept (0 when none are): a kept page 1 that shows
   * them expires with them, so a rename shows within the minute as before (a page size named in SQL: a minute).
   */
  namesKeptUntil(pharmacyId: number): number {
    return this.names.get(pharmacyId)?.until ?? Date.now() + NAMES_TTL_MS;
  }

  /** The names page 1 needs, from memory; one statement reloads them when one is missing or the minute is up. */
  private async namesOf(pharmacyId: number, channelIds: number[], ownerIds: number[], now = Date.now()) {
    const kept = this.names.get(pharmacyId);
    if (
      kept &&
      kept.until > now &&
      channelIds.every((id) => kept.channels.has(id)) &&
      ownerIds.every((id) => kept.people.has(id))
    )
      return kept;
    const { rows } = await queryRows<{ k: 'c' | 'a'; id: number; name: string }>(
      this.db,
      sql`select 'c' as k, ch.id, ch.name from channel ch where ch.pharmacy_id = ${pharmacyId}
        union all
        select 'a', a.id, a.name from account a
        where a.id in (select m.account_id from pharmacy_member m where m.pharmacy_id = ${pharmacyId})
          or a.id = any(${`{${ownerIds.join(',')}}`}::int[])`,
    );
    const names = { until: now + NAMES_TTL_MS, channels: new Map<number, string>(), people: new Map<number, string>() };
    for (const r of rows) (r.k === 'c' ? names.channels : names.people).set(r.id, r.name);
    this.names.set(pharmacyId, names);
    return names;
  }

  async page(pharmacyId: number, filter: CustomerFilter, limit: number, offset: number): Promise<CustomerRow[]> {
    const unfiltered = Object.values(filter).every((v) => v === undefined);
    if (unfiltered && offset === 0 && PREPARED_PAGE_SIZES.has(limit)) {
      const rows = await this.firstPage(limit).execute({ pharmacyId });
      const ids = (key: 'channel_id' | 'owner_account_id') =>
        rows.flatMap((r) => (r[key] === null ? [] : [r[key] as number]));
      const names = await this.namesOf(pharmacyId, ids('channel_id'), ids('owner_account_id'));
      return rows.map((r) => ({
        ...r,
        channel_name: r.channel_id === null ? null : (names.channels.get(r.channel_id) ?? null),
        owner_name: r.owner_account_id === null ? null : (names.people.get(r.owner_account_id) ?? null),
      }));
    }
    return (await queryRows<CustomerRow>(this.db, customerPageQuery(pharmacyId, filter, limit, offset))).rows;
  }

  async count(pharmacyId: number, filter: CustomerFilter): Promise<number> {
    const { rows } = await queryRows<{ n: number }>(this.db, customerCountQuery(pharmacyId, filter));
    return Number(rows[0]?.n ?? 0);
  }

  async find(pharmacyId: number, id: number, q: DbExecutor = this.db): Promise<CustomerRow | undefined> {
    const { rows } = await queryRows<CustomerRow>(
      q,
      customerSelect(sql`ci.id = ${id} and ci.pharmacy_id = ${pharmacyId}`),
    );
    return rows[0];
  }

  async phoneOf(
    pharmacyId: number,
    id: number,
  ): Promise<{ phone: string; owner_account_id: number | null } | undefined> {
    const { rows } = await queryRows<{ phone: string; owner_account_id: number | null }>(
      this.db,
      sql`select a.phone, ci.owner_account_id from customer_info ci join account a on a.id = ci.account_id
        where ci.id = ${id} and ci.pharmacy_id = ${pharmacyId}`,
    );
    return rows[0];
  }

  async update(
    pharmacyId: number,
    id: number,
    values: { tags: string[]; notes: string; source: string },
  ): Promise<boolean> {
    const { rowCount } = await queryRows(
      this.db,
      sql`update customer_info set tags = ${textArray(values.tags)}, notes = ${values.notes}, source = ${values.source},
          updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId} returning id`,
    );
    return rowCount > 0;
  }

  /**
   * Sets the owner, guarded: `from` undefined → any current owner; null → only while unowned; a number → only while
   * that account owns it. False when nothing matched (missing, or the guard did not hold).
   */
  async setOwner(pharmacyId: number, id: number, owner: number | null, from?: number | null): Promise<boolean> {
    const guard =
      from === undefined
        ? sql``
        : from === null
          ? sql` and owner_account_id is null`
          : sql` and owner_account_id = ${from}`;
    const { rowCount } = await queryRows(
      this.db,
      sql`update customer_info set owner_account_id = ${owner}, updated_at = now()
        where id = ${id} and pharmacy_id = ${pharmacyId}${guard} returning id`,
    );
    return rowCount > 0;
  }

  /** Whether the account is an active staff member of the pharmacy who may own customers. */
  async isOwnerStaff(pharmacyId: number, accountId: number): Promise<boolean> {
    const { rows } = await queryRows(
      this.db,
      sql`select 1 from pharmacy_member where pharmacy_id = ${pharmacyId} and account_id = ${accountId}
        and status = 'active' and role in (${sql.join(
          OWNER_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )})`,
    );
    return rows.length > 0;
  }

  staff(pharmacyId: number) {
    return queryRows<{ account_id: number; name: string; role: string; team_id: number | null }>(
      this.db,
      sql`select m.account_id, a.name, m.role, m.team_id from pharmacy_member m join account a on a.id = m.account_id
        where m.pharmacy_id = ${pharmacyId} and m.status = 'active' and m.role in (${sql.join(
          OWNER_ROLES.map((r) => sql`${r}`),
          sql`, `,
        )})
        order by case m.role when 'customer_service' then 0 when 'manager' then 1 else 2 end, m.id`,
    ).then((r) => r.rows);
  }

  channels(pharmacyId: number) {
    return queryRows<{ id: number; name: string }>(
      this.db,
      sql`select id, name from channel where pharmacy_id = ${pharmacyId} order by id`,
    ).then((r) => r.rows);
  }

  /** The tags the pharmacy's customers carry, most used first. */
  tagsInUse(pharmacyId: number, limit = 100) {
    return queryRows<{ tag: string }>(
      this.db,
      sql`select t.tag from customer_info ci, unnest(ci.tags) as t(tag) where ci.pharmacy_id = ${pharmacyId}
        group by t.tag order by count(*) desc, t.tag limit ${limit}`,
    ).then((r) => r.rows.map((x) => x.tag));
  }

  // ------------------------------------------------------------------ the card's sections (one account, one pharmacy)

  family(accountId: number) {
    return accountFamily(this.db, accountId);
  }

  addresses(accountId: number) {
    return accountAddresses(this.db, accountId);
  }

  orders(pharmacyId: number, accountId: number) {
    return queryRows<{
      id: number;
      order_no: string;
      kind: string;
      status: string;
      pay_amount: string;
      item_count: number;
      first_item: string | null;
      created_at: Date | string;
      total: number;
    }>(
      this.db,
      sql`select o.id, o.order_no, o.kind, o.status, o.pay_amount::text as pay_amount, o.created_at,
          (select count(*)::int from order_item i where i.order_id = o.id) as item_count,
          (select i.name from order_item i where i.order_id = o.id order by i.id limit 1) as first_item,
          count(*) over ()::int as total
        from orders o
        where o.account_id = ${accountId} and o.pharmacy_id = ${pharmacyId} and o.deleted_at is null
        order by o.id desc limit 10`,
    ).then((r) => r.rows);
  }

  recipes(pharmacyId: number, accountId: number) {
    return queryRows<{
      id: number;
      recipe_no: string;
      status: string;
      patient_name: string;
      diagnoses: string[] | null;
      doctor_name: string | null;
      order_id: number | null;
      created_at: Date | string;
    }>(
      this.db,
      sql`select r.id, r.recipe_no, r.status, r.patient_name, r.diagnoses, da.name as doctor_name, r.order_id,
          r.created_at
        from recipe r left join doctor d on d.id = r.doctor_id left join account da on da.id = d.account_id
        where r.account_id = ${accountId} and r.pharmacy_id = ${pharmacyId}
        order by r.id desc limit 20`,
    ).then((r) => r.rows);
  }

  chats(pharmacyId: number, accountId: number) {
    return queryRows<{
      id: number;
      status: string;
      assignee_name: string | null;
      last_message_at: Date | string | null;
      last_message_preview: string;
      created_at: Date | string;
    }>(
      this.db,
      sql`select c.id, c.status, s.name as assignee_name, c.last_message_at, c.last_message_preview, c.created_at
        from conversation c left join account s on s.id = c.assignee_id
        where c.patient_account_id = ${accountId} and c.pharmacy_id = ${pharmacyId}
        order by c.last_message_at desc nulls last, c.id desc limit 20`,
    ).then((r) => r.rows);
  }

  watches(pharmacyId: number, accountId: number) {
    return queryRows<{ live_id: number; title: string; seconds: number; last_watched_at: Date | string }>(
      this.db,
      sql`select w.live_id, l.title, sum(w.seconds)::int as seconds, max(w.last_beat_at) as last_watched_at
        from live_watch w join live l on l.id = w.live_id and l.pharmacy_id = w.pharmacy_id
        where w.pharmacy_id = ${pharmacyId} and w.account_id = ${accountId}
        group by w.live_id, l.title order by max(w.last_beat_at) desc`,
    ).then((r) => r.rows);
  }

  enrollments(pharmacyId: number, accountId: number) {
    return queryRows<{
      period_id: number;
      period_name: string;
      column_title: string;
      source: string;
      created_at: Date | string;
    }>(
      this.db,
      sql`select e.period_id, p.name as period_name, coalesce(c.title, '') as column_title, e.source, e.created_at
        from live_enrollment e join column_period p on p.id = e.period_id
        left join live_column c on c.id = p.column_id
        where e.pharmacy_id = ${pharmacyId} and e.account_id = ${accountId}
        order by e.created_at desc limit 50`,
    ).then((r) => r.rows);
  }

  exams(pharmacyId: number, accountId: number) {
    return queryRows<{
      live_id: number;
      title: string;
      score: number;
      total_score: number;
      submitted_at: Date | string;
    }>(
      this.db,
      sql`select x.live_id, l.title, x.score, x.total_score, x.submitted_at
        from live_exam_result x join live l on l.id = x.live_id
        where x.pharmacy_id = ${pharmacyId} and x.account_id = ${accountId}
        order by x.submitted_at desc limit 50`,
    ).then((r) => r.rows);
  }

  followUps(pharmacyId: number, accountId: number, limit: number, q: DbExecutor = this.db) {
    return queryRows<FollowUpRow & { total: number }>(
      q,
      sql`select f.id, f.method, f.content, f.contacted_at, f.next_follow_up_at, f.author_account_id,
          s.name as author_name, f.created_at, count(*) over ()::int as total
        from customer_follow_up f left join account s on s.id = f.author_account_id
        where f.pharmacy_id = ${pharmacyId} and f.account_id = ${accountId}
        order by f.contacted_at desc, f.id desc limit ${limit}`,
    ).then((r) => r.rows);
  }

  tasks(pharmacyId: number, accountId: number) {
    return queryRows<{
      id: number;
      kind: string;
      title: string;
      status: string;
      assignee_name: string | null;
      due_at: Date | string;
      total: number;
      open: number;
    }>(
      this.db,
      sql`select t.id, t.kind, t.title, t.status, s.name as assignee_name, t.due_at,
          count(*) over ()::int as total,
          (count(*) filter (where t.status in ('pending', 'in_progress')) over ())::int as open
        from task t left join account s on s.id = t.assignee_account_id
        where t.pharmacy_id = ${pharmacyId} and t.customer_account_id = ${accountId}
        order by (t.status in ('pending', 'in_progress')) desc, t.due_at desc, t.id desc limit 20`,
    ).then((r) => r.rows);
  }

  /**
   * Writes one follow-up and moves the card's last contact, in one transaction. Undefined when the pharmacy has no
   * such customer.
   */
  async addFollowUp(
    pharmacyId: number,
    id: number,
    values: {
      authorAccountId: number;
      method: string;
      content: string;
      contactedAt: Date;
      nextFollowUpAt: Date | null;
    },
  ): Promise<FollowUpRow | undefined> {
    return this.db.transaction(async (tx) => {
      const contacted = values.contactedAt.toISOString();
      const { rows: cards } = await queryRows<{ account_id: number }>(
        tx,
        sql`update customer_info set last_contact_at = greatest(last_contact_at, ${contacted}::timestamptz),
            updated_at = now()
          where id = ${id} and pharmacy_id = ${pharmacyId} returning account_id`,
      );
      const card = cards[0];
      if (!card) return undefined;
      const { rows } = await queryRows<{ id: number }>(
        tx,
        sql`insert into customer_follow_up (pharmacy_id, account_id, author_account_id, method, content,
            contacted_at, next_follow_up_at)
          values (${pharmacyId}, ${card.account_id}, ${values.authorAccountId}, ${values.method}, ${values.content},
            ${contacted}::timestamptz, ${values.nextFollowUpAt?.toISOString() ?? null}::timestamptz)
          returning id`,
      );
      const { rows: written } = await queryRows<FollowUpRow>(
        tx,
        sql`select f.id, f.method, f.content, f.contacted_at, f.next_follow_up_at, f.author_account_id,
            s.name as author_name, f.created_at
          from customer_follow_up f left join account s on s.id = f.author_account_id where f.id = ${rows[0].id}`,
      );
      return written[0];
    });
  }
}
