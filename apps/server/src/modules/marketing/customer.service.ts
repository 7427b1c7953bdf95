import {
  type CustomerCard,
  type CustomerFollowUp,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerOptions,
  type CustomerUpdateBody,
  customerMessages,
  type FollowUpBody,
  type FollowUpMethod,
  isMarketingManager,
  marketingMessages,
  type PageResult,
  type PharmacyRole,
  shanghaiDayEnd,
  shanghaiDayStart,
} from '@pharmacy/shared';
import { LRUCache } from 'lru-cache';
import { addressCardOf, familyCardOf, maskedPhone } from '../../lib/account-records';
import { AppError } from '../../lib/app-error';
import type { CustomerFilter, CustomerRepository, CustomerRow, FollowUpRow } from './customer.repository';

const DAY_MS = 86_400_000;
/** A follow-up's time may run this far ahead of the server's clock (a console's clock a little fast). */
const CLOCK_SKEW_MS = 60_000;
const TAGS_TTL_MS = 60_000;

export interface Caller {
  pharmacyId: number;
  accountId: number;
  role: PharmacyRole;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** A full phone number, its last four digits, or part of a name (docs/members.md: no other digit search). */
export function keywordFilter(keyword: string | undefined): CustomerFilter {
  const k = keyword?.trim();
  if (!k) return {};
  if (/^1[3-9]\d{9}$/.test(k)) return { phone: k };
  if (/^\d{4}$/.test(k)) return { phoneSuffix: k };
  return { name: k };
}

const itemOf = (r: CustomerRow): CustomerListItem => ({
  id: r.id,
  account_id: r.account_id,
  name: r.name,
  phone: maskedPhone(r.phone),
  head_img_url: r.head_img_url,
  level: r.level,
  tags: r.tags ?? [],
  source: r.source,
  channel_id: r.channel_name === null ? null : r.channel_id,
  channel_name: r.channel_name,
  owner_account_id: r.owner_account_id,
  owner_name: r.owner_account_id === null ? null : (r.owner_name ?? ''),
  last_contact_at: isoOrNull(r.last_contact_at),
  created_at: iso(r.created_at),
});

const followUpOf = (r: FollowUpRow): CustomerFollowUp => ({
  id: r.id,
  method: r.method as FollowUpMethod,
  content: r.content,
  contacted_at: iso(r.contacted_at),
  next_follow_up_at: isoOrNull(r.next_follow_up_at),
  author_account_id: r.author_account_id,
  author_name: r.author_name,
  created_at: iso(r.created_at),
});

/** How many pages 1 (pharmacy × page size) one server instance keeps (see list). */
const FIRST_PAGES_KEPT = 1_000;

interface KeptFirstPage {
  /** The versions read before the page was (repository firstPageVersion). */
  version: string;
  /** When the channel and owner names it shows may be a minute old (the repository's names cache). */
  until: number;
  answer: PageResult<CustomerListItem>;
}

/** 会员管理 (marketing customers): the list, the CRM card, edits, owners, follow-ups. No Fastify types here. */
export class CustomerService {
  /**
   * Page 1 of each pharmacy's whole list per page size, exact: kept with the write versions read before it was
   * computed and answered only while the database still says those versions (any committed write, through any
   * instance, module or psql, bumps them: migration 0026) and while its channel / owner names are within their minute.
   */
  private readonly firstPages = new LRUCache<string, KeptFirstPage>({ max: FIRST_PAGES_KEPT });
  /** One computation per page and version however many requests miss at once. */
  private readonly computing = new Map<string, Promise<PageResult<CustomerListItem>>>();
  private readonly tags = new Map<number, { tags: string[]; until: number }>();

  constructor(
    private readonly repo: CustomerRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  filterOf(caller: Caller, query: CustomerListQuery): CustomerFilter {
    const now = this.clock().getTime();
    const owner =
      query.owner === undefined || query.owner === 'all'
        ? undefined
        : query.owner === 'me'
          ? caller.accountId
          : query.owner === 'none'
            ? null
            : Number(query.owner);
    return {
      ...keywordFilter(query.keyword),
      owner,
      tag: query.tag || undefined,
      channelId: query.channel_id,
      contactFrom: query.contact_from ? (shanghaiDayStart(query.contact_from) ?? undefined) : undefined,
      contactTo: query.contact_to ? (shanghaiDayEnd(query.contact_to) ?? undefined) : undefined,
      notContactedSince: query.not_contacted_days ? new Date(now - query.not_contacted_days * DAY_MS) : undefined,
    };
  }

  async list(caller: Caller, query: CustomerListQuery): Promise<PageResult<CustomerListItem>> {
    const filter = this.filterOf(caller, query);
    const offset = (query.page - 1) * query.page_size;
    const unfiltered = Object.values(filter).every((v) => v === undefined);
    if (unfiltered && query.page === 1) return this.firstPage(caller.pharmacyId, query.page_size);
    // a filtered or later page: the page and its exact count side by side
    const [rows, total] = await Promise.all([
      this.repo.page(caller.pharmacyId, filter, query.page_size, offset),
      this.repo.count(caller.pharmacyId, filter),
    ]);
    return { list: rows.map(itemOf), total, page: query.page, page_size: query.page_size };
  }

  /**
   * Page 1 of the whole pharmacy: one prepared statement reads the versions; the kept answer (the same object, so the
   * route writes its JSON once) while they are unchanged, else the page and its exact count computed afresh. The
   * versions are read BEFORE the page: a write committing in between leaves the page newer than its versions, and
   * the next request computes again; a kept answer therefore never misses a committed write.
   */
  private async firstPage(pharmacyId: number, pageSize: number): Promise<PageResult<CustomerListItem>> {
    const key = `${pharmacyId}:${pageSize}`;
    const version = await this.repo.firstPageVersion(pharmacyId);
    const kept = this.firstPages.get(key);
    if (kept && version !== null && kept.version === version && kept.until > Date.now()) return kept.answer;
    const flight = `${key}:${version}`;
    let pending = this.computing.get(flight);
    if (!pending) {
      pending = this.computeFirstPage(pharmacyId, pageSize)
        .then((answer) => {
          if (version === null) this.firstPages.delete(key);
          else this.firstPages.set(key, { version, until: this.repo.namesKeptUntil(pharmacyId), answer });
          return answer;
        })
        .finally(() => this.computing.delete(flight));
      this.computing.set(flight, pending);
    }
    return pending;
  }

  private async computeFirstPage(pharmacyId: number, pageSize: number): Promise<PageResult<CustomerListItem>> {
    const rows = await this.repo.page(pharmacyId, {}, pageSize, 0);
    const total = rows.length < pageSize ? rows.length : await this.repo.count(pharmacyId, {});
    return { list: rows.map(itemOf), total, page: 1, page_size: pageSize };
  }

  /** Forgets every kept page 1 (tests compare a kept answer with a fresh one). */
  forgetFirstPages() {
    this.firstPages.clear();
  }

  /**
   * The tags in use (an unnest over every card of the pharmacy: ~100 ms at 200,000 customers), reused for a minute;
   * this instance's own edits drop it at once.
   */
  private async tagsInUse(pharmacyId: number): Promise<string[]> {
    const kept = this.tags.get(pharmacyId);
    if (kept && kept.until > Date.now()) return kept.tags;
    const tags = await this.repo.tagsInUse(pharmacyId);
    if (this.tags.size > 1000) this.tags.clear();
    this.tags.set(pharmacyId, { tags, until: Date.now() + TAGS_TTL_MS });
    return tags;
  }

  async options(caller: Caller): Promise<CustomerOptions> {
    const [staff, channels, tags] = await Promise.all([
      this.repo.staff(caller.pharmacyId),
      this.repo.channels(caller.pharmacyId),
      this.tagsInUse(caller.pharmacyId),
    ]);
    return {
      staff,
      channels,
      tags,
      me: { account_id: caller.accountId, role: caller.role, is_manager: isMarketingManager(caller.role) },
    };
  }

  private async row(caller: Caller, id: number): Promise<CustomerRow> {
    const row = await this.repo.find(caller.pharmacyId, id);
    if (!row) throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
    return row;
  }

  /** The owner or a manager may reveal the phone and edit the card. */
  private canEdit(caller: Caller, owner: number | null) {
    return isMarketingManager(caller.role) || (owner !== null && owner === caller.accountId);
  }

  /** Another pharmacy's customer answers exactly like a missing one. */
  async card(caller: Caller, id: number): Promise<CustomerCard> {
    const row = await this.row(caller, id);
    const p = caller.pharmacyId;
    const a = row.account_id;
    const [family, addresses, orders, recipes, chats, watches, enrollments, exams, followUps, tasks] =
      await Promise.all([
        this.repo.family(a),
        this.repo.addresses(a),
        this.repo.orders(p, a),
        this.repo.recipes(p, a),
        this.repo.chats(p, a),
        this.repo.watches(p, a),
        this.repo.enrollments(p, a),
        this.repo.exams(p, a),
        this.repo.followUps(p, a, 20),
        this.repo.tasks(p, a),
      ]);
    const now = this.clock();
    return {
      ...itemOf(row),
      points: row.points,
      notes: row.notes,
      can_edit: this.canEdit(caller, row.owner_account_id),
      can_assign: isMarketingManager(caller.role),
      family_members: family.map((f) => familyCardOf(f, now)),
      addresses: addresses.map(addressCardOf),
      orders: orders.map((o) => ({
        id: o.id,
        order_no: o.order_no,
        kind: o.kind,
        status: o.status,
        pay_amount: o.pay_amount,
        item_count: o.item_count,
        first_item: o.first_item ?? '',
        created_at: iso(o.created_at),
      })),
      order_count: orders[0]?.total ?? 0,
      prescriptions: recipes.map((r) => ({
        id: r.id,
        recipe_no: r.recipe_no,
        status: r.status,
        patient_name: r.patient_name,
        diagnoses: r.diagnoses ?? [],
        doctor_name: r.doctor_name ?? '',
        order_id: r.order_id,
        created_at: iso(r.created_at),
      })),
      chats: chats.map((c) => ({
        id: c.id,
        status: c.status,
        assignee_name: c.assignee_name,
        last_message_at: isoOrNull(c.last_message_at),
        last_message_preview: c.last_message_preview,
        created_at: iso(c.created_at),
      })),
      live: {
        total_seconds: watches.reduce((s, w) => s + Number(w.seconds), 0),
        watches: watches.map((w) => ({
          live_id: w.live_id,
          title: w.title,
          seconds: Number(w.seconds),
          last_watched_at: iso(w.last_watched_at),
        })),
        enrollments: enrollments.map((e) => ({ ...e, created_at: iso(e.created_at) })),
        exams: exams.map((x) => ({ ...x, submitted_at: iso(x.submitted_at) })),
      },
      follow_ups: followUps.map(followUpOf),
      follow_up_count: followUps[0]?.total ?? 0,
      tasks: tasks.map((t) => ({
        id: t.id,
        kind: t.kind,
        title: t.title,
        status: t.status,
        assignee_name: t.assignee_name,
        due_at: iso(t.due_at),
      })),
      task_open_count: tasks[0]?.open ?? 0,
      task_count: tasks[0]?.total ?? 0,
    };
  }

  async update(caller: Caller, id: number, body: CustomerUpdateBody): Promise<CustomerCard> {
    const row = await this.row(caller, id);
    if (!this.canEdit(caller, row.owner_account_id))
      throw AppError.forbidden(customerMessages.notOwner, 'Only the owner or a manager edits a customer');
    const changed = await this.repo.update(caller.pharmacyId, id, body);
    this.tags.delete(caller.pharmacyId);
    if (!changed) throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
    return this.card(caller, id);
  }

  /**
   * A manager sets any owner-eligible staff member or none. Customer service may take an unowned customer for
   * themselves or give up their own; each is one guarded UPDATE, so two taking the same customer: one wins (409).
   */
  async assignOwner(
    caller: Caller,
    id: number,
    owner: number | null,
  ): Promise<{ card: CustomerCard; from: number | null }> {
    const row = await this.row(caller, id);
    const from = row.owner_account_id;
    if (isMarketingManager(caller.role)) {
      if (owner !== null && !(await this.repo.isOwnerStaff(caller.pharmacyId, owner)))
        throw AppError.badParams(
          'owner_account_id',
          marketingMessages.staffNotFound,
          'Owner is not an active staff member',
        );
      if (!(await this.repo.setOwner(caller.pharmacyId, id, owner)))
        throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
      return { card: await this.card(caller, id), from };
    }
    const me = caller.accountId;
    if (owner !== null && owner !== me)
      throw AppError.forbidden(customerMessages.assignOthers, 'Customer service assigns only themselves');
    if (owner === me) {
      if (from !== me && !(await this.repo.setOwner(caller.pharmacyId, id, me, null))) {
        const now = await this.repo.find(caller.pharmacyId, id);
        if (!now) throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
        if (now.owner_account_id !== me) throw AppError.conflict(customerMessages.alreadyOwned, 'Already owned');
      }
    } else if (from !== null) {
      if (from !== me) throw AppError.forbidden(customerMessages.assignOthers, 'Not your customer');
      if (!(await this.repo.setOwner(caller.pharmacyId, id, null, me))) {
        const now = await this.repo.find(caller.pharmacyId, id);
        if (!now) throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
        if (now.owner_account_id !== null) throw AppError.conflict(customerMessages.notYours, 'No longer yours');
      }
    }
    return { card: await this.card(caller, id), from };
  }

  async followUps(caller: Caller, id: number): Promise<CustomerFollowUp[]> {
    const row = await this.row(caller, id);
    const rows = await this.repo.followUps(caller.pharmacyId, row.account_id, 500);
    return rows.map(followUpOf);
  }

  async addFollowUp(caller: Caller, id: number, body: FollowUpBody): Promise<CustomerFollowUp> {
    const now = this.clock();
    const contactedAt = body.contacted_at ? new Date(body.contacted_at) : now;
    if (contactedAt.getTime() > now.getTime() + CLOCK_SKEW_MS)
      throw AppError.badParams(
        'contacted_at',
        `联系时间${customerMessages.contactedInFuture}`,
        'contacted_at is in the future',
      );
    const next = body.next_follow_up_at ? new Date(body.next_follow_up_at) : null;
    if (next && next.getTime() <= contactedAt.getTime())
      throw AppError.badParams(
        'next_follow_up_at',
        `下次跟进时间${customerMessages.nextBeforeContacted}`,
        'next_follow_up_at too early',
      );
    const written = await this.repo.addFollowUp(caller.pharmacyId, id, {
      authorAccountId: caller.accountId,
      method: body.method,
      content: body.content,
      contactedAt,
      nextFollowUpAt: next,
    });
    if (!written) throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
    return followUpOf(written);
  }

  /** The full phone, for the owner or a manager (the route audits it). */
  async phone(caller: Caller, id: number): Promise<string> {
    const row = await this.repo.phoneOf(caller.pharmacyId, id);
    if (!row) throw AppError.notFound(marketingMessages.customerNotFound, 'Customer not found');
    if (!this.canEdit(caller, row.owner_account_id))
      throw AppError.forbidden(customerMessages.notOwner, 'Only the owner or a manager sees the phone');
    return row.phone;
  }
}
