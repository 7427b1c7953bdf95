import {
  type AdminPharmacyDetail,
  type AdminPharmacyListItem,
  type AdminPharmacyListQuery,
  type AdminPharmacyListResult,
  type AdminPharmacyStatus,
  type adminPharmacyCreateBodySchema,
  adminPharmacyMessages,
  adminPharmacyTabs,
  EXPIRY_WINDOW_DEFAULT_MONTHS,
  expiryWindowEnd,
  maskPhone,
  operatorMessages,
  type QualificationKind,
  type qualificationBodySchema,
  qualificationExpiryState,
  qualificationKindLabels,
  requiredQualificationKinds,
  shanghaiToday,
} from '@pharmacy/shared';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AdminPharmacyRepository, ExpiryWindow, PharmacyRow } from './pharmacy.repository';

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/** Who decided, from where: the audit row's fields. */
export interface Actor {
  accountId: number;
  ip: string;
}

type Decision = 'approve' | 'reject' | 'suspend' | 'resume';

const decisions: Record<
  Decision,
  {
    from: AdminPharmacyStatus;
    to: AdminPharmacyStatus;
    refusal: string;
    title: string;
    content: (name: string, reason: string) => string;
  }
> = {
  approve: {
    from: 'pending',
    to: 'active',
    refusal: adminPharmacyMessages.notPendingApprove,
    title: '药店入驻审核通过',
    content: (name) => `${name} 的入驻申请已通过审核，现在可以登录后台选择该药店，添加报价并开始营业。`,
  },
  reject: {
    from: 'pending',
    to: 'rejected',
    refusal: adminPharmacyMessages.notPendingReject,
    title: '药店入驻申请未通过',
    content: (name, reason) => `${name} 的入驻申请未通过审核，原因：${reason}。如有疑问请联系平台运营。`,
  },
  suspend: {
    from: 'active',
    to: 'suspended',
    refusal: adminPharmacyMessages.notActive,
    title: '药店已被暂停营业',
    content: (name, reason) =>
      `${name} 已被平台暂停营业，原因：${reason}。暂停期间药店报价不在平台展示，整改完成后请联系平台运营恢复。`,
  },
  resume: {
    from: 'suspended',
    to: 'active',
    refusal: adminPharmacyMessages.notSuspended,
    title: '药店已恢复营业',
    content: (name) => `${name} 已恢复营业，药店报价重新在平台展示。`,
  },
};

/** 药店管理: onboarding decisions, suspension, the checklist, 新增药店. No Fastify types here. */
export class AdminPharmacyService {
  constructor(private readonly repo: AdminPharmacyRepository) {}

  private window(): ExpiryWindow & { months: number } {
    const today = shanghaiToday();
    const months = EXPIRY_WINDOW_DEFAULT_MONTHS;
    return { today, end: expiryWindowEnd(today, months), months };
  }

  private item(r: PharmacyRow): AdminPharmacyListItem {
    return {
      id: r.id,
      name: r.name,
      logo_url: r.logo_url,
      province: r.province,
      city: r.city,
      district: r.district,
      status: r.status,
      status_reason: r.status_reason,
      group: r.group_id === null ? null : { id: r.group_id, name: r.group_name ?? '' },
      owner_name: r.owner_name ?? '',
      owner_phone: r.owner_phone ? String(maskPhone(r.owner_phone)) : '',
      staff_count: r.staff_count,
      quote_count: r.quote_count,
      expired_count: r.expired_count,
      expiring_count: r.expiring_count,
      applied_at: iso(r.applied_at),
      reviewed_at: iso(r.reviewed_at),
      created_at: iso(r.created_at) ?? '',
    };
  }

  async list(query: AdminPharmacyListQuery): Promise<AdminPharmacyListResult> {
    const w = this.window();
    const { rows, byStatus } = await this.repo.list(query, w);
    const counts = Object.fromEntries(adminPharmacyTabs.map((t) => [t, 0])) as AdminPharmacyListResult['counts'];
    for (const [status, n] of Object.entries(byStatus)) {
      counts[status as AdminPharmacyStatus] = n ?? 0;
      counts.all += n ?? 0;
    }
    return {
      list: rows.map((r) => this.item(r)),
      total: counts[query.status],
      page: query.page,
      page_size: query.page_size,
      counts,
      today: w.today,
      months: w.months,
    };
  }

  filters() {
    return this.repo.filterOptions();
  }

  async detail(id: number, q?: DbExecutor): Promise<AdminPharmacyDetail> {
    const w = this.window();
    const row = await this.repo.find(id, w, q);
    if (!row) throw AppError.notFound(adminPharmacyMessages.notFound, 'Pharmacy not found');
    const [qualifications, staff] = await Promise.all([this.repo.qualifications(id, q), this.repo.staff(id, q)]);
    const kinds = new Set(qualifications.map((d) => d.kind));
    const checked = row.checklist ?? {};
    const checklist = requiredQualificationKinds.map((kind) => ({
      kind,
      label: qualificationKindLabels[kind],
      checked: checked[kind] === true,
      has_document: kinds.has(kind),
    }));
    return {
      ...this.item(row),
      address: row.address,
      phone: row.phone,
      business_hours: row.business_hours,
      business_licence_no: row.business_licence_no,
      drug_licence_no: row.drug_licence_no,
      drug_licence_expire_at: row.drug_licence_expire_at,
      drug_licence_state: qualificationExpiryState(row.drug_licence_expire_at, { today: w.today, months: w.months }),
      aptitude_images: row.aptitude_images ?? [],
      cross_group: row.cross_group,
      reviewer_name: row.reviewer_name ?? '',
      checklist,
      checklist_complete: checklist.every((c) => c.checked),
      qualifications: qualifications.map((d) => ({
        id: d.id,
        kind: d.kind,
        name: d.name,
        number: d.number,
        images: d.images ?? [],
        expire_at: d.expire_at,
        remark: d.remark,
        expiry_state: qualificationExpiryState(d.expire_at, { today: w.today, months: w.months }),
        updated_at: iso(d.updated_at) ?? '',
      })),
      staff: staff.map((s) => ({
        id: s.id,
        name: s.name,
        phone: String(maskPhone(s.phone)),
        role: s.role,
        status: s.status,
        created_at: iso(s.created_at) ?? '',
      })),
      today: w.today,
      months: w.months,
    };
  }

  /** 404 when missing, else 409 with the transition's own refusal (the status moved under us). */
  private async refuse(id: number, refusal: string, q?: DbExecutor, done?: AdminPharmacyStatus): Promise<never> {
    const status = await this.repo.status(id, q);
    if (status === undefined) throw AppError.notFound(adminPharmacyMessages.notFound, 'Pharmacy not found');
    // the same decision taken by someone else first reads as such; any other status names what is allowed
    throw AppError.conflict(status === done ? operatorMessages.alreadyHandled : refusal, `Pharmacy is ${status}`);
  }

  async setChecked(id: number, kind: QualificationKind, checked: boolean) {
    if (checked && !(await this.repo.hasDocument(id, kind))) {
      if ((await this.repo.status(id)) === undefined)
        throw AppError.notFound(adminPharmacyMessages.notFound, 'Pharmacy not found');
      throw AppError.badParams('kind', adminPharmacyMessages.noDocument, 'No document of this kind');
    }
    if (!(await this.repo.setChecked(id, kind, checked))) await this.refuse(id, adminPharmacyMessages.notPending);
    return this.detail(id);
  }

  /**
   * A decision: the guarded UPDATE, the owner's message and the audit row in one transaction. Approval also requires
   * every required checklist entry in the same statement, so an entry unchecked meanwhile cannot slip through.
   */
  async decide(id: number, decision: Decision, reason: string, actor: Actor): Promise<AdminPharmacyDetail> {
    const d = decisions[decision];
    await this.repo.transaction(async (tx) => {
      const changed = await this.repo.transition(tx, {
        id,
        from: d.from,
        to: d.to,
        reason: d.to === 'active' ? '' : reason,
        operatorId: actor.accountId,
        requireChecked: decision === 'approve' ? requiredQualificationKinds : undefined,
      });
      if (!changed) {
        if (decision === 'approve' && (await this.repo.status(id, tx)) === 'pending') {
          const detail = await this.detail(id, tx);
          const missing = detail.checklist.filter((c) => !c.checked).map((c) => c.label);
          throw AppError.conflict(adminPharmacyMessages.checklistIncomplete(missing), 'Checklist incomplete');
        }
        await this.refuse(id, d.refusal, tx, d.to);
        return;
      }
      if (changed.ownerAccountId !== null) {
        await this.repo.notify(tx, {
          accountId: changed.ownerAccountId,
          kind: 'system',
          title: d.title,
          content: d.content(changed.name, reason),
          link: '/pharmacy/switch-pharmacy',
          senderId: actor.accountId,
        });
      }
      await this.repo.audit(tx, {
        accountId: actor.accountId,
        action: `pharmacy.${decision}`,
        target: `pharmacy:${id}`,
        detail: { from: d.from, to: d.to, ...(reason ? { reason } : {}) },
        ip: actor.ip,
      });
    });
    return this.detail(id);
  }

  /** 新增药店: a pending application with its owner (account created when missing, a shop membership) and documents. */
  async create(input: z.output<typeof adminPharmacyCreateBodySchema>, actor: Actor): Promise<AdminPharmacyDetail> {
    const id = await this.repo.transaction(async (tx) => {
      // atomic with the insert below: concurrent creations of one name wait here for each other
      if (await this.repo.lockAndCheckName(input.name, tx))
        throw AppError.conflict(adminPharmacyMessages.nameTaken, 'Pharmacy name taken');
      const owner = await this.repo.ensureAccount(tx, input.owner_phone, input.owner_name);
      if (owner.status !== 'active') throw AppError.badParams('owner_phone', '该手机号的账号已停用', 'Owner disabled');
      const business = input.qualifications.find((q) => q.kind === 'business_licence');
      const drug = input.qualifications.find((q) => q.kind === 'drug_trade_licence');
      const pharmacyId = await this.repo.insertApplication(tx, {
        name: input.name,
        province: input.province,
        city: input.city,
        district: input.district,
        address: input.address,
        phone: input.phone,
        businessHours: input.business_hours,
        businessLicenceNo: business?.number ?? '',
        drugLicenceNo: drug?.number ?? '',
        drugLicenceExpireAt: drug?.expire_at ?? null,
        aptitudeImages: input.qualifications.flatMap((q) => q.images).slice(0, 20),
        ownerAccountId: owner.id,
      });
      for (const q of input.qualifications) await this.repo.insertQualification(tx, pharmacyId, documentOf(q));
      await this.repo.audit(tx, {
        accountId: actor.accountId,
        action: 'pharmacy.create',
        target: `pharmacy:${pharmacyId}`,
        detail: { name: input.name, owner_account_id: owner.id, documents: input.qualifications.length },
        ip: actor.ip,
      });
      return pharmacyId;
    });
    return this.detail(id);
  }

  /** Adds a document to a pending application (the operator collects what the applicant sends). */
  async addQualification(id: number, body: z.output<typeof qualificationBodySchema>, actor: Actor) {
    await this.repo.transaction(async (tx) => {
      const status = await this.repo.status(id, tx);
      if (status === undefined) throw AppError.notFound(adminPharmacyMessages.notFound, 'Pharmacy not found');
      if (status !== 'pending') throw AppError.conflict(adminPharmacyMessages.notPending, `Pharmacy is ${status}`);
      await this.repo.insertQualification(tx, id, documentOf(body));
      await this.repo.audit(tx, {
        accountId: actor.accountId,
        action: 'pharmacy.qualification_add',
        target: `pharmacy:${id}`,
        detail: { kind: body.kind, number: body.number },
        ip: actor.ip,
      });
    });
    return this.detail(id);
  }
}

const documentOf = (q: z.output<typeof qualificationBodySchema>) => ({
  kind: q.kind,
  name: q.name || qualificationKindLabels[q.kind],
  number: q.number,
  images: q.images,
  expire_at: q.expire_at,
  remark: q.remark,
});
