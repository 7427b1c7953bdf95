import type {
  CommentAddBody,
  CommentListQuery,
  CommentVoteKind,
  HotMedicine,
  MedicineComment,
  MedicineListItem,
  MedicineListQuery,
  PageResult,
  Product,
  ProductQuote,
} from '@pharmacy/shared';
import {
  type entry1GroupSchema,
  fitsInt,
  type pharmacyLicenceSchema,
  type provinceSchema,
  type quoteListQuerySchema,
  startOfShanghaiDay,
} from '@pharmacy/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { quoteFields } from '../../lib/quote-fields';
import type { CatalogueCache } from '../../plugins/catalogue-cache';
import type { MedicineRepository } from './medicines.repository';

/** How long a hot ranking is reused. */
const HOT_RANKING_TTL_MS = 60_000;

const emptyPage = <T>(page: number, page_size: number): PageResult<T> => ({ list: [], total: 0, page, page_size });

/** 张** : a commenter's name shown with everything but the first character hidden. */
export const maskName = (name: string) => {
  const chars = [...name.trim()];
  return chars.length === 0 ? '匿名用户' : `${chars[0]}**`;
};

/** 138****0001 : a phone number with its middle four digits hidden. */
export const maskPhone = (phone: string) =>
  /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '匿名用户';

/** How a comment's author is shown to everybody: the masked name, else the masked phone; never the account id. */
export const commentAuthor = (name: string, phone: string) => (name.trim() ? maskName(name) : maskPhone(phone));

/** One account may comment once in this interval… */
export const COMMENT_MIN_INTERVAL_MS = 30_000;
/** …and this many times a day (Asia/Shanghai). */
export const COMMENT_DAILY_LIMIT = 20;
/** One address (several accounts behind it) may post this many comments in the window. */
export const COMMENT_IP_WINDOW_MS = 10 * 60_000;
export const COMMENT_IP_LIMIT = 20;

const instructionKeys = ['indications', 'usage', 'contraindications', 'adverse_reactions', 'storage'] as const;

type QuoteRow = Awaited<ReturnType<MedicineRepository['quotes']>>['rows'][number];
const toProductQuote = ({ quote: q, pharmacyName, pharmacyCity }: QuoteRow): ProductQuote => ({
  ...quoteFields(q),
  pharmacy_name: pharmacyName,
  pharmacy_city: pharmacyCity,
});

type CommentRow = Awaited<ReturnType<MedicineRepository['comments']>>['rows'][number];
const toComment = (r: Omit<CommentRow, 'myVote'> & { myVote: CommentVoteKind | null }): MedicineComment => ({
  id: r.comment.id,
  product_id: r.comment.productId,
  author_name: commentAuthor(r.authorName, r.authorPhone),
  head_img_url: r.headImgUrl,
  content: r.comment.content,
  rating: r.comment.rating,
  support_count: r.comment.supportCount,
  objection_count: r.comment.objectionCount,
  my_vote: r.myVote,
  created_at: r.comment.createdAt.toISOString(),
});

/** Who posts a comment from where: the address is limited as well as the account. */
export interface CommentClient {
  ip: string;
}

/** The public catalogue (mp/cms), rankings and comments (admin/medicine). */
export class MedicineService {
  constructor(
    private readonly repo: MedicineRepository,
    private readonly cache: CatalogueCache,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The same for every caller, so a page (with its count, the costly part) is reused for a few seconds. */
  list(query: MedicineListQuery): Promise<PageResult<MedicineListItem>> {
    if (!fitsInt(query.category_id)) return Promise.resolve(emptyPage(query.page, query.page_size));
    return this.cache.get(`medicines:${JSON.stringify(query)}`, async () => {
      const { rows, total } = await this.repo.list(query);
      return { list: rows, total, page: query.page, page_size: query.page_size };
    });
  }

  /** Ranked by units sold; `week` counts the last seven days once sales carry dates (see unitsSoldRanking). */
  hot(limit: number, week: boolean): Promise<HotMedicine[]> {
    // An aggregate over every quote (a full scan at 1 M quotes), the same for every caller: a ranking a minute old
    // is still the week's ranking, so it is reused for a minute (an import still empties it at once).
    return this.cache.get(
      `hot:${week ? 'week' : 'all'}:${limit}`,
      () => this.repo.unitsSoldRanking(limit, week ? new Date(Date.now() - 7 * 86_400_000) : null),
      HOT_RANKING_TTL_MS,
    );
  }

  async product(id: number): Promise<Product> {
    const p = await this.repo.product(id);
    if (!p) throw AppError.notFound('药品不存在或已下架', 'Product not found');
    const instructions = Object.fromEntries(
      instructionKeys.map((k) => [k, typeof p.instructions[k] === 'string' ? p.instructions[k] : '']),
    ) as Product['instructions'];
    return {
      id: p.id,
      name: p.name,
      generic_name: p.genericName,
      spec: p.spec,
      dosage_form: p.dosageForm,
      manufacturer: p.manufacturer,
      approval_no: p.approvalNo,
      barcode: p.barcode,
      type: p.type,
      category_id: p.categoryId,
      images: p.images,
      instructions,
      status: p.status,
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    };
  }

  async quotes(query: z.infer<typeof quoteListQuerySchema>): Promise<PageResult<ProductQuote>> {
    const { rows, total } = await this.repo.quotes(
      { productId: query.product_id, pharmacyId: query.pharmacy_id },
      query.page,
      query.page_size,
    );
    return { list: rows.map(toProductQuote), total, page: query.page, page_size: query.page_size };
  }

  async provinces(): Promise<z.infer<typeof provinceSchema>[]> {
    const out = new Map<string, string[]>();
    for (const { province, city } of await this.repo.provinces()) {
      if (!province) continue;
      const cities = out.get(province) ?? [];
      if (city && !cities.includes(city)) cities.push(city);
      out.set(province, cities);
    }
    return [...out].map(([province, cities]) => ({ province, cities }));
  }

  async licences(): Promise<z.infer<typeof pharmacyLicenceSchema>[]> {
    return (await this.repo.licences()).map((p) => ({
      pharmacy_id: p.id,
      pharmacy_name: p.name,
      business_licence_no: p.businessLicenceNo,
      drug_licence_no: p.drugLicenceNo,
      drug_licence_expire_at: p.drugLicenceExpireAt,
      aptitude_images: p.aptitudeImages,
    }));
  }

  async entry1(): Promise<z.infer<typeof entry1GroupSchema>[]> {
    const { groups, entries } = await this.repo.entry1Groups();
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      items: entries
        .filter((e) => e.categoryId === g.id)
        .map((e) => ({ id: e.id, title: e.title, icon: e.icon, link: e.link, sort: e.sort })),
    }));
  }

  async comments(query: CommentListQuery, viewerId: number | null): Promise<PageResult<MedicineComment>> {
    if (!fitsInt(query.product_id)) return emptyPage(query.page, query.page_size);
    const { rows, total } = await this.repo.comments(query.product_id, query.page, query.page_size, viewerId);
    return { list: rows.map(toComment), total, page: query.page, page_size: query.page_size };
  }

  /**
   * Posts a comment within the limits: per account one every COMMENT_MIN_INTERVAL_MS and COMMENT_DAILY_LIMIT a day,
   * per address COMMENT_IP_LIMIT in COMMENT_IP_WINDOW_MS. The counts and the insert share one transaction under
   * advisory locks on the account and the address, so parallel posts (on any instance) queue and cannot overshoot.
   * Without a client address only the account's limits apply.
   */
  async addComment(
    accountId: number,
    body: CommentAddBody,
    client: CommentClient | null = null,
  ): Promise<MedicineComment> {
    if (!fitsInt(body.product_id) || !(await this.repo.productExists(body.product_id))) {
      throw AppError.notFound('药品不存在或已下架', 'Product not found');
    }
    const ip = client?.ip.slice(0, 64) ?? '';
    const created = await this.repo.transaction(async (tx) => {
      // always in this order (account, then address), so two posts never wait on each other's second lock
      await this.repo.lock(tx, `comment:account:${accountId}`);
      if (ip) await this.repo.lock(tx, `comment:ip:${ip}`);
      const now = this.now();
      const last = await this.repo.lastCommentAt(tx, accountId);
      const since = last ? now.getTime() - last.getTime() : Number.POSITIVE_INFINITY;
      if (since < COMMENT_MIN_INTERVAL_MS) {
        const wait = Math.max(1, Math.ceil((COMMENT_MIN_INTERVAL_MS - since) / 1000));
        throw AppError.tooManyRequests(`评论过于频繁，请 ${wait} 秒后再试`, 'Comment posted within the interval');
      }
      const today = await this.repo.countCommentsSince(tx, { accountId }, startOfShanghaiDay(now));
      if (today >= COMMENT_DAILY_LIMIT) {
        throw AppError.tooManyRequests(
          `今日评论已达 ${COMMENT_DAILY_LIMIT} 条上限，请明天再来`,
          'Daily comment limit reached',
        );
      }
      if (ip) {
        const fromIp = await this.repo.countCommentsSince(tx, { ip }, new Date(now.getTime() - COMMENT_IP_WINDOW_MS));
        if (fromIp >= COMMENT_IP_LIMIT) {
          throw AppError.tooManyRequests('当前网络评论过于频繁，请稍后再试', 'Comment limit of the address reached');
        }
      }
      return this.repo.addComment(tx, {
        productId: body.product_id,
        accountId,
        content: body.content,
        rating: body.rating,
        ip,
        createdAt: now,
      });
    });
    return toComment({ ...created, myVote: null });
  }

  async vote(commentId: number, accountId: number, kind: CommentVoteKind | null) {
    const result = await this.repo.vote(commentId, accountId, kind);
    if (!result) throw AppError.notFound('评论不存在', 'Comment not found');
    return result;
  }
}
