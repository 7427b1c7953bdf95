import {
  type CrossQuoteQuery,
  type CrossQuoteResult,
  GROUP_FIGURE_DAYS,
  type GroupBody,
  type GroupDetail,
  type GroupListItem,
  type GroupListQuery,
  type GroupListResult,
  type GroupPharmacyOption,
  groupMessages,
  operatorMessages,
  shanghaiToday,
  startOfShanghaiDay,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { GroupRepository, GroupRow } from './group.repository';

const DAY_MS = 86_400_000;
const iso = (v: Date | string) => new Date(v).toISOString();

const item = (r: GroupRow): GroupListItem => ({
  id: r.id,
  name: r.name,
  remark: r.remark,
  pharmacy_count: r.pharmacy_count,
  cross_count: r.cross_count,
  order_count: r.order_count,
  gmv: r.gmv,
  member_count: r.member_count,
  created_at: iso(r.created_at),
});

/** Operator: 集团管理 and pharmacy cross; the pharmacy side's 集团共享报价. */
export class GroupService {
  constructor(
    private readonly repo: GroupRepository,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The first instant of the figures' window: midnight in Shanghai, GROUP_FIGURE_DAYS - 1 days before today. */
  since(): Date {
    return startOfShanghaiDay(this.clock() - (GROUP_FIGURE_DAYS - 1) * DAY_MS);
  }

  async list(query: GroupListQuery): Promise<GroupListResult> {
    const since = this.since();
    const { rows, total } = await this.repo.page(
      query.keyword,
      query.page_size,
      (query.page - 1) * query.page_size,
      since,
    );
    return { list: rows.map(item), total, page: query.page, page_size: query.page_size, since: shanghaiToday(since) };
  }

  async detail(id: number, repo: GroupRepository = this.repo): Promise<GroupDetail> {
    const since = this.since();
    const row = await repo.find(id, since);
    if (!row) throw AppError.notFound(groupMessages.notFound, 'Group not found');
    const pharmacies = await repo.pharmacies(id, since);
    return { ...item(row), since: shanghaiToday(since), pharmacies };
  }

  async create(body: GroupBody): Promise<GroupListItem> {
    const id = await this.repo.transaction(async (repo) => {
      if (await repo.lockAndCheckName(body.name, null)) throw nameTaken();
      return repo.insert(body.name, body.remark);
    });
    return item((await this.repo.find(id, this.since()))!);
  }

  async update(id: number, body: GroupBody): Promise<GroupListItem> {
    await this.repo.transaction(async (repo) => {
      if (await repo.lockAndCheckName(body.name, id)) throw nameTaken();
      if (!(await repo.update(id, body.name, body.remark)))
        throw AppError.notFound(groupMessages.notFound, 'Group not found');
    });
    const row = await this.repo.find(id, this.since());
    if (!row) throw AppError.notFound(groupMessages.notFound, 'Group not found');
    return item(row);
  }

  /** Deletes an empty group; its name is returned for the audit row. */
  async remove(id: number): Promise<string> {
    return this.repo.transaction(async (repo) => {
      if (!(await repo.lockGroup(id))) throw AppError.notFound(groupMessages.notFound, 'Group not found');
      const row = await repo.find(id, this.since());
      if (!(await repo.deleteIfEmpty(id))) throw AppError.conflict(groupMessages.notEmpty, 'Group has pharmacies');
      return row!.name;
    });
  }

  /** Adds pharmacies; one of another group refuses the whole call. Answers the group and the ids that joined. */
  async addMembers(id: number, pharmacyIds: number[]): Promise<{ group: GroupDetail; added: number[] }> {
    const ids = [...new Set(pharmacyIds)];
    return this.repo.transaction(async (repo) => {
      if (!(await repo.lockGroup(id))) throw AppError.notFound(groupMessages.notFound, 'Group not found');
      const found = await repo.candidates(ids);
      if (found.length !== ids.length) throw AppError.notFound(groupMessages.pharmacyNotFound, 'Pharmacy not found');
      const elsewhere = found.find((p) => p.group_id !== null && p.group_id !== id);
      if (elsewhere)
        throw AppError.conflict(
          groupMessages.inOtherGroup(elsewhere.name, elsewhere.group_name ?? ''),
          'Pharmacy is in another group',
        );
      const added = found.filter((p) => p.group_id === null).map((p) => p.id);
      // the rows are locked: every one named is free or already here
      if ((await repo.join(id, ids)) !== ids.length)
        throw AppError.conflict(operatorMessages.alreadyHandled, 'Membership changed meanwhile');
      return { group: await this.detail(id, repo), added };
    });
  }

  async removeMember(id: number, pharmacyId: number): Promise<GroupDetail> {
    return this.repo.transaction(async (repo) => {
      if (!(await repo.lockGroup(id))) throw AppError.notFound(groupMessages.notFound, 'Group not found');
      if (!(await repo.leave(id, pharmacyId))) throw await this.notMember(repo, pharmacyId);
      return this.detail(id, repo);
    });
  }

  async setCross(id: number, pharmacyId: number, on: boolean): Promise<GroupDetail> {
    if (!(await this.repo.setCross(id, pharmacyId, on))) {
      if (!(await this.repo.exists(id))) throw AppError.notFound(groupMessages.notFound, 'Group not found');
      throw await this.notMember(this.repo, pharmacyId);
    }
    return this.detail(id);
  }

  async pharmacyOptions(keyword: string | undefined): Promise<GroupPharmacyOption[]> {
    return this.repo.pharmacyOptions(keyword);
  }

  /** The pharmacy's staff: the on-shelf quotes the other sharing, active pharmacies of its group offer. */
  async crossQuotes(pharmacyId: number, query: CrossQuoteQuery): Promise<CrossQuoteResult> {
    const paging = { page: query.page, page_size: query.page_size };
    const group = await this.repo.groupOf(pharmacyId);
    if (!group) return { list: [], total: 0, ...paging, group: null, pharmacies: [] };
    const pharmacies = await this.repo.sharingPharmacies(group.id, pharmacyId);
    const { rows, total } = await this.repo.crossQuotes(
      pharmacies.map((p) => p.id),
      query,
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return {
      list: rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) })),
      total,
      ...paging,
      group,
      pharmacies,
    };
  }

  private async notMember(repo: GroupRepository, pharmacyId: number): Promise<AppError> {
    return (await repo.pharmacyExists(pharmacyId))
      ? AppError.notFound(groupMessages.notMember, 'Pharmacy is not a member')
      : AppError.notFound(groupMessages.pharmacyNotFound, 'Pharmacy not found');
  }
}

const nameTaken = () => AppError.conflict(groupMessages.nameTaken, 'Group name taken');
