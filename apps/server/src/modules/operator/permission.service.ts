import { randomInt } from 'node:crypto';
import {
  ALL_PERMISSIONS,
  type CreateOperatorBody,
  type CreateOperatorResult,
  expandGrant,
  grantableKeysByRole,
  type ManagerListQuery,
  maskPhone,
  normalizeOperatorKeys,
  type OperatorAccount,
  type OperatorListQuery,
  type OperatorStatus,
  operatorChangeRefusal,
  operatorKeys,
  operatorMessages,
  operatorPermissionMessages,
  type PageResult,
  type PharmacyManager,
  permissionKeyLabel,
} from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto';
import type { ManagerRow, OperatorRow, PermissionRepository } from './permission.repository';

/** Who makes a change, and from where (for the audit row written in the change's transaction). */
export interface PermissionActor {
  accountId: number;
  ip: string;
}

const toOperator = (row: OperatorRow, selfId: number): OperatorAccount => ({
  id: row.id,
  account_id: row.accountId,
  name: row.name,
  phone: maskPhone(row.phone),
  permissions: row.permissions,
  status: row.status,
  account_disabled: row.accountStatus !== 'active',
  last_login_at: row.lastLoginAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
  is_self: row.accountId === selfId,
});

const toManager = (row: ManagerRow): PharmacyManager => ({
  id: row.id,
  pharmacy_id: row.pharmacyId,
  pharmacy_name: row.pharmacyName,
  account_id: row.accountId,
  name: row.name,
  phone: maskPhone(row.phone),
  permissions: row.permissions,
  status: row.status,
});

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';

/** An initial password the sign-in rule accepts (letters and digits, 10 characters), shown to the operator once. */
export function initialPassword(): string {
  let text = '';
  for (let i = 0; i < 4; i++) text += LETTERS[randomInt(LETTERS.length)];
  for (let i = 0; i < 6; i++) text += String(randomInt(10));
  return text;
}

const holdsAll = (row: Pick<OperatorRow, 'permissions'>) => row.permissions.includes(ALL_PERMISSIONS);
const isActive = (row: Pick<OperatorRow, 'status' | 'accountStatus'>) =>
  row.status === 'active' && row.accountStatus === 'active';

/**
 * 权限管理: operator accounts and keys, and a pharmacy manager's keys. Every change runs in one transaction under the
 * operator-change lock: the actor's keys are read again there (a key lost a moment ago grants nothing), the rule of
 * permission.schema.ts is applied, the last active `all` is kept, and the audit row is written with the change.
 */
export class PermissionService {
  constructor(private readonly repo: PermissionRepository) {}

  async list(selfId: number, query: OperatorListQuery): Promise<PageResult<OperatorAccount>> {
    const { rows, total } = await this.repo.list(query);
    return { list: rows.map((r) => toOperator(r, selfId)), total, page: query.page, page_size: query.page_size };
  }

  /** The actor's keys now, inside the lock; refused unless they still hold the page's key. */
  private async actorKeys(tx: DbExecutor, actor: PermissionActor): Promise<string[]> {
    const keys = await this.repo.activeKeysOf(tx, actor.accountId);
    if (!keys || !(keys.includes(ALL_PERMISSIONS) || keys.includes(operatorKeys.permission))) {
      throw AppError.forbidden(operatorMessages.cannotGrant, 'The actor no longer holds the permission page key');
    }
    return keys;
  }

  private async target(tx: DbExecutor, id: number): Promise<OperatorRow> {
    const row = await this.repo.find(tx, id);
    if (!row) throw AppError.notFound(operatorMessages.accountNotFound, 'No such operator');
    return row;
  }

  /** Refused when the row is the last active operator holding `all` and the change would take that away. */
  private async keepLastAll(tx: DbExecutor, row: OperatorRow, losesAll: boolean) {
    if (losesAll && holdsAll(row) && isActive(row) && !(await this.repo.otherActiveAllExists(tx, row.id))) {
      throw AppError.conflict(operatorPermissionMessages.lastAll, 'The last active all operator');
    }
  }

  async create(actor: PermissionActor, body: CreateOperatorBody): Promise<CreateOperatorResult> {
    const permissions = normalizeOperatorKeys(body.permissions);
    // hashing is slow: done before the lock, for a phone that has no account yet
    const known = await this.repo.accountByPhone(this.repo.db, body.phone);
    const generated = !known && !body.password ? initialPassword() : null;
    const passwordHash = known ? null : await hashPassword(body.password ?? (generated as string));
    return this.repo.transaction(async (tx) => {
      const keys = await this.actorKeys(tx, actor);
      const refusal = operatorChangeRefusal(
        { accountId: actor.accountId, keys },
        { kind: 'create', keys: permissions },
      );
      if (refusal) throw AppError.forbidden(refusal.msg, 'Operator grant refused');
      let existing = await this.repo.accountByPhone(tx, body.phone);
      let accountId = existing?.id;
      let accountCreated = false;
      if (!existing && passwordHash) {
        accountId = await this.repo.insertAccount(tx, { phone: body.phone, name: body.name, passwordHash });
        accountCreated = accountId !== undefined;
        if (!accountCreated) existing = await this.repo.accountByPhone(tx, body.phone);
      }
      if (existing) {
        if (existing.operatorId !== null) throw AppError.conflict(operatorPermissionMessages.alreadyOperator);
        if (existing.status !== 'active') throw AppError.conflict(operatorPermissionMessages.accountDisabled);
        accountId = existing.id;
      }
      if (accountId === undefined) throw new Error('account vanished while creating an operator');
      const id = await this.repo.insertOperator(tx, accountId, permissions);
      await this.repo.audit(tx, {
        accountId: actor.accountId,
        pharmacyId: null,
        action: 'permission.create',
        target: `admin_profile:${id}`,
        detail: { account_id: accountId, permissions, account_created: accountCreated },
        ip: actor.ip,
      });
      const row = await this.target(tx, id);
      return {
        operator: toOperator(row, actor.accountId),
        account_created: accountCreated,
        initial_password: accountCreated ? generated : null,
      };
    });
  }

  async setKeys(actor: PermissionActor, id: number, requested: readonly string[]): Promise<OperatorAccount> {
    const permissions = normalizeOperatorKeys(requested);
    return this.repo.transaction(async (tx) => {
      const keys = await this.actorKeys(tx, actor);
      const row = await this.target(tx, id);
      const refusal = operatorChangeRefusal(
        { accountId: actor.accountId, keys },
        { kind: 'keys', targetAccountId: row.accountId, before: row.permissions, keys: permissions },
      );
      if (refusal) throw AppError.forbidden(refusal.msg, 'Operator grant refused');
      await this.keepLastAll(tx, row, !permissions.includes(ALL_PERMISSIONS));
      await this.repo.update(tx, id, { adminPermissions: permissions });
      await this.repo.audit(tx, {
        accountId: actor.accountId,
        pharmacyId: null,
        action: 'permission.keys',
        target: `admin_profile:${id}`,
        detail: { account_id: row.accountId, before: row.permissions, after: permissions },
        ip: actor.ip,
      });
      return toOperator({ ...row, permissions }, actor.accountId);
    });
  }

  async setStatus(actor: PermissionActor, id: number, status: OperatorStatus): Promise<OperatorAccount> {
    return this.repo.transaction(async (tx) => {
      const keys = await this.actorKeys(tx, actor);
      const row = await this.target(tx, id);
      const refusal = operatorChangeRefusal(
        { accountId: actor.accountId, keys },
        { kind: 'status', targetAccountId: row.accountId },
      );
      if (refusal) throw AppError.forbidden(refusal.msg, 'Operator status change refused');
      if (row.status === status) throw AppError.conflict(operatorMessages.alreadyHandled, 'Status unchanged');
      await this.keepLastAll(tx, row, status === 'disabled');
      await this.repo.update(tx, id, { status });
      await this.repo.audit(tx, {
        accountId: actor.accountId,
        pharmacyId: null,
        action: 'permission.status',
        target: `admin_profile:${id}`,
        detail: { account_id: row.accountId, from: row.status, to: status },
        ip: actor.ip,
      });
      return toOperator({ ...row, status }, actor.accountId);
    });
  }

  async managers(query: ManagerListQuery): Promise<PageResult<PharmacyManager>> {
    const { rows, total } = await this.repo.managers(query);
    return { list: rows.map(toManager), total, page: query.page, page_size: query.page_size };
  }

  /**
   * spec §7 `manager permission put`: the operator sets a pharmacy manager's keys, each one a manager can hold
   * (grantableKeysByRole.manager; `all` means all of those). Guarded on the member still being that manager.
   */
  async setManagerKeys(
    actor: PermissionActor,
    pharmacyId: number,
    memberId: number,
    requested: readonly string[],
  ): Promise<PharmacyManager> {
    const permissions = expandGrant('manager', requested);
    const fit = new Set<string>(grantableKeysByRole.manager);
    const unfit = permissions.find((k) => !fit.has(k));
    if (unfit) throw AppError.badParams('permissions', `经理不能拥有「${permissionKeyLabel(unfit)}」权限`);
    return this.repo.transaction(async (tx) => {
      await this.actorKeys(tx, actor);
      const row = await this.repo.member(tx, pharmacyId, memberId);
      if (!row) throw AppError.notFound('药店成员不存在', 'No such member of that pharmacy');
      if (row.role !== 'manager') throw AppError.badParams('memberId', operatorPermissionMessages.notManager);
      if (!(await this.repo.setManagerKeys(tx, pharmacyId, memberId, permissions))) {
        throw AppError.conflict(operatorMessages.alreadyHandled, 'The member is no longer a manager');
      }
      await this.repo.audit(tx, {
        accountId: actor.accountId,
        pharmacyId,
        action: 'permission.manager_keys',
        target: `pharmacy_member:${memberId}`,
        detail: { pharmacy_id: pharmacyId, account_id: row.accountId, before: row.permissions, after: permissions },
        ip: actor.ip,
      });
      return toManager({ ...row, permissions });
    });
  }
}
