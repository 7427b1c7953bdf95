import {
  isMarketingManager,
  maskPhone,
  type PharmacyRole,
  patientLinks,
  shanghaiDayStart,
  shanghaiToday,
  type Team,
  type TeamBody,
  type TeamList,
  type TeamMember,
  teamMessages,
} from '@pharmacy/shared';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { MiniProgramCodeProvider } from '../../lib/mp-code';
import type { MemberRow, TeamRepository, TeamRow } from './team.repository';

/** Midnight (Shanghai) of the first day of the current month. */
const monthStart = (now = Date.now()) => shanghaiDayStart(`${shanghaiToday(now).slice(0, 8)}01`)!;

const member = (r: MemberRow): TeamMember => ({
  member_id: r.member_id,
  account_id: r.account_id,
  name: r.name,
  role: r.role,
  phone: maskPhone(r.phone),
  team_id: r.team_id,
  customers: r.customers,
  new_customers_month: r.new_customers_month,
});

const team = (t: TeamRow, members: MemberRow[]): Team => ({
  id: t.id,
  name: t.name,
  leader_account_id: t.leader_account_id,
  leader_name: t.leader_name,
  created_at: new Date(t.created_at).toISOString(),
  members: members.filter((m) => m.team_id === t.id).map(member),
});

export interface Caller {
  pharmacyId: number;
  accountId: number;
  role: PharmacyRole;
}

/** 团队管理: teams, members (both team_id columns kept together) and personal codes (docs/marketing.md). */
export class TeamService {
  constructor(
    private readonly repo: TeamRepository,
    private readonly codes: MiniProgramCodeProvider,
  ) {}

  async list(caller: Caller): Promise<TeamList> {
    const members = await this.repo.members(caller.pharmacyId, monthStart());
    const me = members.find((m) => m.account_id === caller.accountId) ?? null;
    if (isMarketingManager(caller.role)) {
      const teams = await this.repo.teams(caller.pharmacyId);
      return {
        teams: teams.map((t) => team(t, members)),
        unassigned: members.filter((m) => m.team_id === null).map(member),
        me: me?.member_id ?? null,
      };
    }
    // customer service: their own team (read-only), or only themselves when in none
    if (!me) return { teams: [], unassigned: [], me: null };
    if (me.team_id === null) return { teams: [], unassigned: [member(me)], me: me.member_id };
    const teams = await this.repo.teams(caller.pharmacyId, me.team_id);
    return { teams: teams.map((t) => team(t, members)), unassigned: [], me: me.member_id };
  }

  private async one(pharmacyId: number, id: number, q?: DbExecutor): Promise<Team> {
    const [row] = await this.repo.teams(pharmacyId, id, q);
    if (!row) throw AppError.notFound(teamMessages.notFound, 'Team not found');
    const members = await this.repo.members(pharmacyId, monthStart(), {}, q);
    return team(row, members);
  }

  private async checkLeader(q: DbExecutor, pharmacyId: number, leader: number | null | undefined) {
    if (leader === undefined || leader === null) return;
    if (!(await this.repo.isStaffAccount(q, pharmacyId, leader))) {
      throw AppError.badParams('leader_account_id', teamMessages.leaderInvalid, 'Leader is not a staff member');
    }
  }

  async create(pharmacyId: number, body: TeamBody): Promise<Team> {
    const id = await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if (await this.repo.nameTaken(tx, pharmacyId, body.name)) {
        throw AppError.conflict(teamMessages.nameTaken, 'Team name taken');
      }
      await this.checkLeader(tx, pharmacyId, body.leader_account_id);
      return this.repo.insert(tx, pharmacyId, body.name, body.leader_account_id ?? null);
    });
    return this.one(pharmacyId, id);
  }

  async update(pharmacyId: number, id: number, body: TeamBody): Promise<Team> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if ((await this.repo.teams(pharmacyId, id, tx)).length === 0) {
        throw AppError.notFound(teamMessages.notFound, 'Team not found');
      }
      if (await this.repo.nameTaken(tx, pharmacyId, body.name, id)) {
        throw AppError.conflict(teamMessages.nameTaken, 'Team name taken');
      }
      await this.checkLeader(tx, pharmacyId, body.leader_account_id);
      await this.repo.update(tx, pharmacyId, id, body.name, body.leader_account_id);
    });
    return this.one(pharmacyId, id);
  }

  /** Refused (409) while the team has active members; the lock makes a concurrent 添加成员 wait or find it gone. */
  async remove(pharmacyId: number, id: number): Promise<void> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if ((await this.repo.teams(pharmacyId, id, tx)).length === 0) {
        throw AppError.notFound(teamMessages.notFound, 'Team not found');
      }
      if ((await this.repo.activeMemberCount(tx, pharmacyId, id)) > 0) {
        throw AppError.conflict(teamMessages.hasMembers, 'Team has members');
      }
      await this.repo.delete(tx, pharmacyId, id);
    });
  }

  /** Puts an active manager / customer_service member in the team (moving them out of any other). */
  async addMember(pharmacyId: number, id: number, memberId: number): Promise<Team> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if ((await this.repo.teams(pharmacyId, id, tx)).length === 0) {
        throw AppError.notFound(teamMessages.notFound, 'Team not found');
      }
      const [m] = await this.repo.members(pharmacyId, monthStart(), { memberId }, tx);
      if (!m) throw AppError.badParams('member_id', teamMessages.memberNotFound, 'Member not found');
      await this.repo.setMemberTeam(tx, pharmacyId, memberId, id);
    });
    return this.one(pharmacyId, id);
  }

  async removeMember(pharmacyId: number, id: number, memberId: number): Promise<Team> {
    await this.repo.transaction(async (tx) => {
      await this.repo.lock(tx, pharmacyId);
      if ((await this.repo.teams(pharmacyId, id, tx)).length === 0) {
        throw AppError.notFound(teamMessages.notFound, 'Team not found');
      }
      const [m] = await this.repo.members(pharmacyId, monthStart(), { memberId }, tx);
      if (!m || m.team_id !== id) throw AppError.notFound(teamMessages.notInTeam, 'Member not in the team');
      await this.repo.setMemberTeam(tx, pharmacyId, memberId, null);
    });
    return this.one(pharmacyId, id);
  }

  /**
   * A member's personal code (PNG of patientLinks.staffInvite). Managers may fetch any member's; customer service
   * only their own (403). A member not of the pharmacy (or not active staff) answers 404.
   */
  async qrcode(caller: Caller, memberId: number, origin: string): Promise<{ png: Buffer; name: string }> {
    const [m] = await this.repo.members(caller.pharmacyId, monthStart(), { memberId });
    if (!m) throw AppError.notFound(teamMessages.memberNotFound, 'Member not found');
    if (!isMarketingManager(caller.role) && m.account_id !== caller.accountId) {
      throw AppError.forbidden(teamMessages.ownCodeOnly, "Another member's code");
    }
    return { png: await this.codes.code(patientLinks.staffInvite(m.member_id), origin), name: m.name };
  }
}
