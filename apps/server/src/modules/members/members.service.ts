import type {
  MemberCard,
  MemberListItem,
  MemberListQuery,
  MemberOptions,
  MemberUpdateBody,
  PageResult,
} from '@pharmacy/shared';
import { familyCardOf, maskedPhone } from '../../lib/account-records';
import { AppError } from '../../lib/app-error';
import type { MemberFilter, MemberRepository, MemberRow, MemberSortField } from './members.repository';

const NOT_FOUND = '会员不存在';

/** A full phone number, its last four digits, or part of a name; no other digit search (it would reveal masked digits). */
export function keywordFilter(keyword: string | undefined): MemberFilter {
  const k = keyword?.trim();
  if (!k) return {};
  if (/^1[3-9]\d{9}$/.test(k)) return { phone: k };
  if (/^\d{4}$/.test(k)) return { phoneSuffix: k };
  return { name: k };
}

const baseOf = (row: MemberRow) => ({
  id: row.id,
  name: row.name,
  phone: maskedPhone(row.phone),
  head_img_url: row.headImgUrl,
  level: row.level,
  points: row.points,
  tags: row.tags,
  channel_id: row.channelName === null ? null : row.channelId,
  channel_name: row.channelName,
  joined_at: row.createdAt.toISOString(),
});

/** A pharmacy's members: list, card, edit. Every call names the pharmacy; no Fastify types here. */
export class MemberService {
  constructor(
    private readonly repo: MemberRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(pharmacyId: number, query: MemberListQuery): Promise<PageResult<MemberListItem>> {
    const filter: MemberFilter = {
      ...keywordFilter(query.keyword),
      level: query.level,
      tag: query.tag || undefined,
      channelId: query.channel_id,
    };
    const sort = query.sort
      ? { field: query.sort.split(':')[0] as MemberSortField, order: query.sort.split(':')[1] as 'asc' | 'desc' }
      : null;
    const { rows, total } = await this.repo.page(
      pharmacyId,
      filter,
      sort,
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    const counts = await this.repo.familyCounts([...new Set(rows.map((r) => r.accountId))]);
    return {
      list: rows.map((r) => ({ ...baseOf(r), family_count: counts.get(r.accountId) ?? 0 })),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** Another pharmacy's member answers exactly like a missing one. */
  async card(pharmacyId: number, id: number): Promise<MemberCard> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw AppError.notFound(NOT_FOUND, 'Member not found');
    const [family, addresses] = await Promise.all([
      this.repo.familyOf(row.accountId),
      this.repo.addressesOf(row.accountId),
    ]);
    const now = this.clock();
    return {
      ...baseOf(row),
      remark: row.remark,
      family_members: family.map((f) => familyCardOf(f, now)),
      addresses: addresses.map((a) => ({
        id: a.id,
        name: a.name,
        phone: maskedPhone(a.phone),
        province: a.province,
        city: a.city,
        district: a.district,
        detail: a.detail,
        is_default: a.isDefault,
      })),
    };
  }

  async update(pharmacyId: number, id: number, body: MemberUpdateBody): Promise<MemberCard> {
    const changed = await this.repo.update(pharmacyId, id, { level: body.level, tags: body.tags, remark: body.remark });
    if (!changed) throw AppError.notFound(NOT_FOUND, 'Member not found');
    return this.card(pharmacyId, id);
  }

  async options(pharmacyId: number): Promise<MemberOptions> {
    const [channels, tags] = await Promise.all([this.repo.channels(pharmacyId), this.repo.tagsInUse(pharmacyId)]);
    return { channels, tags };
  }
}
