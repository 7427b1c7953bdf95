import {
  type BlackUser,
  type BlackUserBody,
  type BlackUserList,
  type BlackUserListQuery,
  blacklistMessages,
  maskPhone,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { BlacklistRepository, BlackUserRow } from './blacklist.repository';

const toBlackUser = (r: BlackUserRow): BlackUser => ({
  id: r.id,
  phone: String(maskPhone(r.phone)),
  account_id: r.account_id,
  account_name: r.account_name ?? '',
  reason: r.reason,
  created_by: r.created_by === null ? null : { account_id: r.created_by, name: r.created_by_name ?? '' },
  created_at: new Date(r.created_at).toISOString(),
});

const notFound = () => AppError.notFound(blacklistMessages.notFound, 'Black user not found');

/** 黑名单: list, add, remove (the rule every check uses is lib/blacklist.ts). No Fastify types here. */
export class BlacklistService {
  constructor(private readonly repo: BlacklistRepository) {}

  async list(pharmacyId: number, query: BlackUserListQuery): Promise<BlackUserList> {
    const { rows, total } = await this.repo.page(pharmacyId, query);
    return { list: rows.map(toBlackUser), total, page: query.page, page_size: query.page_size };
  }

  async add(pharmacyId: number, accountId: number, body: BlackUserBody): Promise<BlackUser> {
    const id = await this.repo.insert(pharmacyId, body.phone, body.reason, accountId);
    if (id === null) throw AppError.conflict(blacklistMessages.duplicate, 'Phone already blacklisted');
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    return toBlackUser(row);
  }

  async remove(pharmacyId: number, id: number) {
    const removed = await this.repo.remove(pharmacyId, id);
    if (!removed) throw notFound();
    return removed;
  }
}
