import {
  type AddStaffBody,
  expandGrant,
  keysAfterRoleChange,
  maskPhone,
  type PageResult,
  type StaffActor,
  type StaffChange,
  type StaffListQuery,
  type StaffMember,
  type StaffPermissionBody,
  type StaffStatusBody,
  staffChangeRefusal,
  type UpdateStaffBody,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { StaffRepository, StaffRow } from './staff.repository';

const toMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  account_id: row.accountId,
  name: row.name,
  phone: String(maskPhone(row.phone)),
  role: row.role,
  permissions: row.permissions,
  status: row.status,
  is_owner: row.isOwner,
  team: row.teamId !== null && row.teamName !== null ? { id: row.teamId, name: row.teamName } : null,
  created_at: row.createdAt.toISOString(),
});

const notFound = () => AppError.notFound('成员不存在或已被移除', 'Staff member not found');
const changedMeanwhile = () => AppError.conflict('该成员刚被其他人修改，请刷新后重试', 'Member changed concurrently');

/** Refuses a change the shared rule refuses: 403 for an escalation, 400 naming the field for a bad value. */
function enforce(actor: StaffActor, change: StaffChange) {
  const refusal = staffChangeRefusal(actor, change);
  if (!refusal) return;
  if (refusal.kind === 'invalid') {
    throw AppError.badParams(refusal.field ?? 'permissions', refusal.msg, `Refused: ${refusal.msg}`);
  }
  throw AppError.forbidden(refusal.msg, 'Staff change refused by the grant rules');
}

/** A pharmacy's staff: list, add by phone, role, name, keys, status, removal. Every change passes the shared rule. */
export class StaffService {
  constructor(private readonly repo: StaffRepository) {}

  async list(pharmacyId: number, query: StaffListQuery): Promise<PageResult<StaffMember>> {
    const { rows, total } = await this.repo.page(
      pharmacyId,
      { role: query.role, status: query.status, keyword: query.keyword },
      query.page_size,
      (query.page - 1) * query.page_size,
    );
    return { list: rows.map(toMember), total, page: query.page, page_size: query.page_size };
  }

  private async target(pharmacyId: number, id: number) {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    return {
      row,
      target: { accountId: row.accountId, role: row.role, isOwner: row.isOwner, permissions: row.permissions },
    };
  }

  private async reread(pharmacyId: number, id: number): Promise<StaffMember> {
    const row = await this.repo.find(pharmacyId, id);
    if (!row) throw notFound();
    return toMember(row);
  }

  async add(actor: StaffActor, pharmacyId: number, body: AddStaffBody): Promise<StaffMember> {
    enforce(actor, { kind: 'add', role: body.role, permissions: body.permissions });
    const outcome = await this.repo.add(pharmacyId, {
      phone: body.phone,
      name: body.name,
      role: body.role,
      permissions: expandGrant(body.role, body.permissions),
    });
    if (outcome === 'already_member') {
      throw AppError.badParams('phone', '该手机号已是本店成员', 'Already a member of this pharmacy');
    }
    if (outcome === 'account_disabled') {
      throw AppError.badParams('phone', '该手机号的账号已被停用，不能添加', 'The account is disabled');
    }
    return this.reread(pharmacyId, outcome.memberId);
  }

  async update(actor: StaffActor, pharmacyId: number, id: number, body: UpdateStaffBody): Promise<StaffMember> {
    const { row, target } = await this.target(pharmacyId, id);
    enforce(actor, { kind: 'edit', target, role: body.role, name: body.name !== undefined });
    if (body.name !== undefined && body.name !== row.name) {
      if (row.accountId !== actor.accountId && (await this.repo.belongsElsewhere(row.accountId, pharmacyId))) {
        throw AppError.badParams(
          'name',
          '该成员的账号还属于其他药店或平台，姓名只能由本人修改',
          'The account is shared; only its holder may rename it',
        );
      }
      await this.repo.rename(row.accountId, body.name);
    }
    if (body.role !== undefined && body.role !== row.role) {
      const permissions = keysAfterRoleChange(row.role, row.permissions, body.role);
      if (!(await this.repo.update(pharmacyId, id, { role: row.role }, { role: body.role, permissions }))) {
        throw changedMeanwhile();
      }
    }
    return this.reread(pharmacyId, id);
  }

  async setPermissions(actor: StaffActor, pharmacyId: number, id: number, body: StaffPermissionBody) {
    const { row, target } = await this.target(pharmacyId, id);
    enforce(actor, { kind: 'permissions', target, permissions: body.permissions });
    const permissions = expandGrant(row.role, body.permissions);
    if (!(await this.repo.update(pharmacyId, id, { role: row.role }, { permissions }))) throw changedMeanwhile();
    return this.reread(pharmacyId, id);
  }

  async setStatus(actor: StaffActor, pharmacyId: number, id: number, body: StaffStatusBody) {
    const { row, target } = await this.target(pharmacyId, id);
    enforce(actor, { kind: 'status', target, status: body.status });
    if (!(await this.repo.update(pharmacyId, id, { role: row.role }, { status: body.status }))) {
      throw changedMeanwhile();
    }
    return this.reread(pharmacyId, id);
  }

  async remove(actor: StaffActor, pharmacyId: number, id: number): Promise<StaffRow> {
    const { row, target } = await this.target(pharmacyId, id);
    enforce(actor, { kind: 'remove', target });
    if (!(await this.repo.remove(pharmacyId, id, { role: row.role }))) throw changedMeanwhile();
    return row;
  }
}
