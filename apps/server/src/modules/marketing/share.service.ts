import {
  add,
  ErrorCode,
  formatMoney,
  isMarketingManager,
  marketingMessages,
  maskPhone,
  multiply,
  type PharmacyRole,
  type Share,
  type ShareCreateBody,
  type ShareList,
  type ShareListQuery,
  type ShareOpen,
  type ShareOptions,
  type ShareUpdateBody,
  shareKindLabels,
  shareMessages,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notify';
import type { QuoteBrief, ShareContent, ShareRepository, ShareRow, ShareScope } from './share.repository';

export interface ShareCaller {
  pharmacyId: number;
  accountId: number;
  role: PharmacyRole;
}

const notFound = () => AppError.notFound(shareMessages.notFound, 'Share not found in this pharmacy');
const fieldError = (field: string, msg: string, message: string) =>
  new AppError(400, ErrorCode.BAD_PARAMS, msg, message, { field });

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The staff member's display name: the account's name, else the masked phone. */
const displayName = (name: string | null, phone: string | null) => name || (phone ? String(maskPhone(phone)) : '');

/** Share packages: create, list, edit and review (console), and the recipient's opening (patient). */
export class ShareService {
  constructor(private readonly repo: ShareRepository) {}

  /** Managers see and edit every share of the pharmacy; customer service their own. */
  private scope(caller: ShareCaller): ShareScope {
    return {
      pharmacyId: caller.pharmacyId,
      sharerAccountId: isMarketingManager(caller.role) ? null : caller.accountId,
    };
  }

  private async describe(rows: ShareRow[], caller: ShareCaller): Promise<Share[]> {
    const byPharmacy = new Map<number, Set<number>>();
    for (const r of rows) {
      const ids = byPharmacy.get(r.pharmacyId) ?? new Set<number>();
      for (const item of r.items) ids.add(item.quote_id);
      byPharmacy.set(r.pharmacyId, ids);
    }
    const quotes = new Map<string, QuoteBrief>();
    for (const [pharmacyId, ids] of byPharmacy) {
      for (const [id, q] of await this.repo.quotes(pharmacyId, [...ids])) quotes.set(`${pharmacyId}:${id}`, q);
    }
    return rows.map((r) => {
      const items = r.items.map((item) => {
        const q = quotes.get(`${r.pharmacyId}:${item.quote_id}`);
        return {
          quote_id: item.quote_id,
          qty: item.qty,
          name: q?.name ?? '（商品已删除）',
          spec: q?.spec ?? '',
          price: formatMoney(q?.price ?? '0'),
          on_shelf: q?.onShelf ?? false,
        };
      });
      const summary =
        r.kind === 'items'
          ? items.map((i) => `${i.name}×${i.qty}`).join('、')
          : r.kind === 'combo'
            ? `${shareKindLabels.combo}：${r.quoteSetName ?? '（已删除）'}`
            : `${shareKindLabels.live}：${r.liveTitle ?? '（已删除）'}`;
      return {
        id: r.id,
        kind: r.kind,
        title: r.title,
        message: r.message,
        items,
        quote_set_id: r.quoteSetId,
        quote_set_name: r.quoteSetName,
        live_id: r.liveId,
        live_title: r.liveTitle,
        summary,
        recipient_phone: String(maskPhone(r.recipientPhone)),
        sharer_account_id: r.sharerAccountId,
        sharer_name: displayName(r.sharerName, r.sharerPhone),
        is_mine: r.sharerAccountId === caller.accountId,
        status: r.status,
        reject_reason: r.rejectReason,
        reviewer_name: r.reviewerName,
        reviewed_at: iso(r.reviewedAt),
        opened_at: iso(r.openedAt),
        open_count: r.openCount,
        created_at: iso(r.createdAt)!,
        updated_at: iso(r.updatedAt)!,
      };
    });
  }

  private async one(caller: ShareCaller, id: number, scope = this.scope(caller)): Promise<Share> {
    const row = await this.repo.find(scope, id);
    if (!row) throw notFound();
    return (await this.describe([row], caller))[0];
  }

  async list(caller: ShareCaller, query: ShareListQuery, everyone = false): Promise<ShareList> {
    const scope = everyone ? { pharmacyId: caller.pharmacyId, sharerAccountId: null } : this.scope(caller);
    const [{ rows, total }, counts] = await Promise.all([this.repo.list(scope, query), this.repo.counts(scope)]);
    return {
      list: await this.describe(rows, caller),
      total,
      page: query.page,
      page_size: query.page_size,
      counts: { all: counts.pending + counts.approved + counts.rejected, ...counts },
    };
  }

  detail(caller: ShareCaller, id: number, everyone = false): Promise<Share> {
    return this.one(caller, id, everyone ? { pharmacyId: caller.pharmacyId, sharerAccountId: null } : undefined);
  }

  async options(pharmacyId: number): Promise<ShareOptions> {
    const { combos, lives } = await this.repo.options(pharmacyId);
    return {
      combos: combos.map((c) => ({ ...c, price: formatMoney(c.price) })),
      lives: lives
        .filter((l) => l.status !== 'draft')
        .map((l) => ({
          id: l.id,
          title: l.title,
          status: l.status as 'scheduled' | 'live' | 'ended',
          start_at: l.startAt.toISOString(),
        })),
    };
  }

  /** Checks what the share holds against the pharmacy's quotes, combos and lives; keeps only the kind's field. */
  private async content(pharmacyId: number, body: ShareUpdateBody): Promise<ShareContent> {
    const base = { kind: body.kind, title: body.title, message: body.message ?? '' };
    if (body.kind === 'items') {
      const items = (body.items ?? []).map(({ quote_id, qty }) => ({ quote_id, qty }));
      const quotes = await this.repo.quotes(
        pharmacyId,
        items.map((i) => i.quote_id),
      );
      if (items.some((i) => !quotes.get(i.quote_id)?.onShelf)) {
        throw fieldError('items', shareMessages.quoteMissing, 'A quote is missing, foreign or off shelf');
      }
      return { ...base, items, quoteSetId: null, liveId: null };
    }
    if (body.kind === 'combo') {
      if (!(await this.repo.comboOnSale(pharmacyId, body.quote_set_id!))) {
        throw fieldError('quote_set_id', shareMessages.comboMissing, 'Combo missing, foreign or off sale');
      }
      return { ...base, items: [], quoteSetId: body.quote_set_id!, liveId: null };
    }
    if (!(await this.repo.livePublished(pharmacyId, body.live_id!))) {
      throw fieldError('live_id', shareMessages.liveMissing, 'Live missing, foreign or draft');
    }
    return { ...base, items: [], quoteSetId: null, liveId: body.live_id! };
  }

  /** A blacklisted customer is not shared with (they could not order it anyway). */
  private async checkRecipient(pharmacyId: number, phone: string) {
    if (await this.repo.isPhoneBlacklisted(pharmacyId, phone)) {
      throw fieldError('recipient_phone', marketingMessages.blacklisted, 'The recipient is blacklisted');
    }
  }

  async create(caller: ShareCaller, body: ShareCreateBody): Promise<Share> {
    await this.checkRecipient(caller.pharmacyId, body.recipient_phone);
    const content = await this.content(caller.pharmacyId, body);
    const id = await this.repo.insert(caller.pharmacyId, caller.accountId, content, body.recipient_phone);
    return this.one(caller, id);
  }

  /** The sharer (or a manager) edits a pending or rejected share: back to pending, the reject reason cleared. */
  async update(caller: ShareCaller, id: number, body: ShareUpdateBody): Promise<Share> {
    const scope = this.scope(caller);
    const existing = await this.repo.find(scope, id);
    if (!existing) throw notFound();
    if (existing.status === 'approved') throw AppError.conflict(shareMessages.notEditable, 'Share already approved');
    const content = await this.content(caller.pharmacyId, body);
    if (!(await this.repo.updateContent(scope, id, content))) {
      // approved between the read and the write
      throw AppError.conflict(shareMessages.notEditable, 'Share approved meanwhile');
    }
    return this.one(caller, id);
  }

  async changePhone(caller: ShareCaller, id: number, phone: string): Promise<Share> {
    const scope = this.scope(caller);
    if (!(await this.repo.find(scope, id))) throw notFound();
    await this.checkRecipient(caller.pharmacyId, phone);
    if (!(await this.repo.updatePhone(scope, id, phone))) throw notFound();
    return this.one(caller, id);
  }

  /** pending → approved | rejected (guarded); the sharer is told in the same transaction. */
  async decide(caller: ShareCaller, id: number, decision: 'approved' | 'rejected', reason = ''): Promise<Share> {
    await this.repo.transaction(async (repo, tx) => {
      const row = await repo.decide(caller.pharmacyId, id, {
        status: decision,
        reviewerAccountId: caller.accountId,
        reason,
      });
      if (!row) {
        const existing = await repo.find({ pharmacyId: caller.pharmacyId, sharerAccountId: null }, id);
        if (!existing) throw notFound();
        throw AppError.conflict(shareMessages.notPending, `Share is ${existing.status}, not pending`);
      }
      if (row.sharerAccountId !== null && row.sharerAccountId !== caller.accountId) {
        await notify(tx, {
          accountId: row.sharerAccountId,
          kind: 'system',
          title: decision === 'approved' ? '分享套餐审核通过' : '分享套餐被驳回',
          content:
            decision === 'approved'
              ? `您的分享「${row.title}」已审核通过，可以复制链接发送给客户了。`
              : `您的分享「${row.title}」被驳回，原因：${reason}`,
          link: '/pharmacy/combo?tab=share',
          senderId: caller.accountId,
        });
      }
    });
    return this.one(caller, id, { pharmacyId: caller.pharmacyId, sharerAccountId: null });
  }

  /**
   * The recipient opens an approved share: 404 unless approved, 403001 unless the signed-in account's phone is the
   * recipient's, 403 when the pharmacy blacklisted them; each opening is counted.
   */
  async open(accountId: number, id: number): Promise<ShareOpen> {
    const row = await this.repo.findById(id);
    if (row?.status !== 'approved') {
      throw AppError.notFound(shareMessages.notOpenable, 'Share missing or not approved');
    }
    const phone = await this.repo.accountPhone(accountId);
    if (phone !== row.recipientPhone) {
      throw AppError.notShareRecipient(marketingMessages.notRecipient, 'The signed-in account is not the recipient');
    }
    if (await this.repo.isBlacklisted(row.pharmacyId, accountId)) {
      throw AppError.forbidden(marketingMessages.blacklisted, 'Blacklisted by the pharmacy');
    }
    await this.repo.recordOpen(id);
    const pharmacy = await this.repo.pharmacyCard(row.pharmacyId);
    if (!pharmacy) throw AppError.notFound(shareMessages.notOpenable, 'Pharmacy missing');

    let items: ShareOpen['items'] = [];
    let combo: ShareOpen['combo'] = null;
    let liveCard: ShareOpen['live'] = null;
    if (row.kind === 'items') {
      const quotes = await this.repo.quotes(
        row.pharmacyId,
        row.items.map((i) => i.quote_id),
      );
      items = row.items.flatMap((i) => {
        const q = quotes.get(i.quote_id);
        if (!q) return [];
        return [
          {
            quote_id: i.quote_id,
            qty: i.qty,
            name: q.name,
            spec: q.spec,
            type: q.type as 'OTC' | 'RX' | 'NON_DRUG',
            image: q.image,
            price: formatMoney(q.price),
            stock: q.stock,
            on_shelf: q.onShelf,
          },
        ];
      });
    } else if (row.kind === 'combo' && row.quoteSetId !== null) {
      const c = await this.repo.comboWithItems(row.pharmacyId, row.quoteSetId);
      if (c) {
        const sellable = c.onSale && c.items.length > 0 && c.items.every((i) => i.on_shelf);
        combo = {
          id: c.id,
          name: c.name,
          price: formatMoney(c.price),
          original_total: formatMoney(c.items.reduce<string>((s, i) => add(s, multiply(i.price, i.qty)), '0')),
          has_rx: c.items.some((i) => i.type === 'RX'),
          available: sellable ? Math.min(...c.items.map((i) => Math.floor(i.stock / i.qty))) : 0,
          on_sale: c.onSale,
          items: c.items.map(({ stock: _s, on_shelf: _o, ...i }) => ({ ...i, price: formatMoney(i.price) })),
        };
      }
    } else if (row.kind === 'live' && row.liveId !== null) {
      const l = await this.repo.liveForViewer(row.pharmacyId, row.liveId, accountId);
      if (l) {
        liveCard = {
          id: l.id,
          title: l.title,
          cover_url: l.cover_url,
          lecturer: l.lecturer,
          intro: l.intro,
          start_at: iso(l.start_at)!,
          end_at: iso(l.end_at)!,
          status: l.status,
          enrolled: l.enrolled,
          watch_path: l.enrolled ? `/patient/live/watch?id=${l.id}` : null,
          period_path: l.period_id !== null ? `/patient/live/period?id=${l.period_id}` : null,
        };
      }
    }
    return {
      id: row.id,
      kind: row.kind,
      title: row.title,
      message: row.message,
      sharer_name: displayName(row.sharerName, row.sharerPhone),
      pharmacy,
      items,
      combo,
      live: liveCard,
    };
  }
}
