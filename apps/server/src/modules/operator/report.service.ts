import {
  type AdminReport,
  type AdminReportDetail,
  type AdminReportListQuery,
  type AdminReportListResult,
  formatShanghaiDate,
  type MyReport,
  maskPhone,
  operatorMessages,
  type PageResult,
  type ReportCreateBody,
  type ReportTargetKind,
  type ReportTargetOption,
  reportMessages,
  reportTargetKindLabels,
  shanghaiDayEnd,
  shanghaiDayStart,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notify';
import type { FileStorage } from '../../lib/storage';
import type { ReportRepository, ReportRow, TargetSummaryRow } from './report.repository';

const iso = (v: Date | string): string => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null): string | null => (v === null ? null : iso(v));
const masked = (phone: string) => String(maskPhone(phone));

/** Where the complainant reads their complaints (the message's link). */
export const COMPLAINT_PAGE = '/patient/complaint';
const GONE = '（已删除）';

const toAdminReport = (r: ReportRow): AdminReport => ({
  id: r.id,
  target_kind: r.target_kind,
  target_id: r.target_id,
  target_label: r.target_label ?? GONE,
  pharmacy_id: r.pharmacy_id,
  pharmacy_name: r.pharmacy_name,
  category: r.category,
  content: r.content,
  image_count: r.images.length,
  reporter_name: r.reporter_name,
  reporter_phone: masked(r.reporter_phone),
  status: r.status,
  result: r.result,
  handler_name: r.handler_name,
  handled_at: isoOrNull(r.handled_at),
  created_at: iso(r.created_at),
});

const toMyReport = (r: ReportRow): MyReport => ({
  id: r.id,
  target_kind: r.target_kind,
  target_id: r.target_id,
  target_label: r.target_label ?? GONE,
  category: r.category,
  content: r.content,
  images: r.images,
  contact_phone: r.contact_phone,
  status: r.status,
  result: r.result,
  handled_at: isoOrNull(r.handled_at),
  created_at: iso(r.created_at),
});

const targetLabelOf = (kind: ReportTargetKind, t: TargetSummaryRow, fallback: string) =>
  (kind === 'order'
    ? t.order_no
    : kind === 'pharmacy'
      ? t.pharmacy_name
      : kind === 'doctor'
        ? t.doctor_name
        : t.live_title) ?? fallback;

const notFound = () => AppError.notFound(reportMessages.notFound, 'Report not found');

export interface Actor {
  accountId: number;
  ip: string;
}

/** Complaints: the operator's list, detail and decisions; the patient's complaints. No Fastify types here. */
export class ReportService {
  constructor(
    private readonly repo: ReportRepository,
    private readonly storage: FileStorage,
  ) {}

  async list(q: AdminReportListQuery): Promise<AdminReportListResult> {
    const { rows, counts } = await this.repo.page(
      {
        status: q.status === 'all' ? undefined : q.status,
        targetKind: q.target_kind,
        pharmacyId: q.pharmacy_id,
        from: q.date_from ? (shanghaiDayStart(q.date_from) ?? undefined) : undefined,
        to: q.date_to ? (shanghaiDayEnd(q.date_to) ?? undefined) : undefined,
        keyword: q.keyword || undefined,
      },
      q.page_size,
      (q.page - 1) * q.page_size,
    );
    const tab = { all: 0, pending: 0, processed: 0, rejected: 0 };
    for (const c of counts) {
      tab[c.status] = c.n;
      tab.all += c.n;
    }
    return {
      list: rows.map(toAdminReport),
      total: q.status === 'all' ? tab.all : tab[q.status],
      page: q.page,
      page_size: q.page_size,
      counts: tab,
    };
  }

  async detail(id: number, repo: ReportRepository = this.repo): Promise<AdminReportDetail> {
    const row = await repo.find(id);
    if (!row) throw notFound();
    const t = await repo.targetSummary(row.target_kind, row.target_id);
    return {
      ...toAdminReport(row),
      images: row.images,
      contact_phone: masked(row.contact_phone),
      target: {
        kind: row.target_kind,
        id: row.target_id,
        exists: t.exists,
        label: targetLabelOf(row.target_kind, t, GONE),
        order_no: t.order_no,
        order_status: t.order_status,
        order_amount: t.order_amount,
        order_created_at: isoOrNull(t.order_created_at),
        pharmacy_name: t.pharmacy_name,
        pharmacy_status: t.pharmacy_status,
        doctor_name: t.doctor_name,
        doctor_hospital: t.doctor_hospital,
        doctor_department: t.doctor_department,
        doctor_title: t.doctor_title,
        live_title: t.live_title,
        live_start_at: isoOrNull(t.live_start_at),
        live_lecturer: t.live_lecturer,
      },
    };
  }

  /**
   * Processes (with a result) or rejects (with a reason) a pending complaint, in one transaction: the guarded UPDATE
   * (one winner; 409 alreadyHandled for the other, 404 when missing), the complainant's message and the audit row.
   */
  async decide(id: number, decision: 'processed' | 'rejected', text: string, actor: Actor) {
    return this.repo.transaction(async (repo) => {
      const done = await repo.decide(id, decision, text, actor.accountId);
      if (!done) {
        if ((await repo.status(id)) === null) throw notFound();
        throw AppError.conflict(operatorMessages.alreadyHandled, `Report ${id} is no longer pending`);
      }
      const report = await this.detail(id, repo);
      const about = `${reportTargetKindLabels[report.target_kind]}「${report.target.label}」`;
      const processed = decision === 'processed';
      await notify(repo.executor, {
        accountId: done.reporter_account_id,
        kind: 'system',
        title: processed ? '您的投诉已处理' : '您的投诉未被受理',
        content: processed
          ? `您对${about}的投诉（${report.category}）已处理。处理结果：${text}`
          : `您对${about}的投诉（${report.category}）已被驳回。原因：${text}`,
        link: COMPLAINT_PAGE,
        senderId: actor.accountId,
      });
      await repo.audit({
        accountId: actor.accountId,
        action: processed ? 'report.process' : 'report.reject',
        target: `report:${id}`,
        detail: {
          target_kind: report.target_kind,
          target_id: report.target_id,
          pharmacy_id: report.pharmacy_id,
          ...(processed ? { result: text } : { reason: text }),
        },
        ip: actor.ip,
      });
      return report;
    });
  }

  // ---------------------------------------------------------------- the patient

  async mine(accountId: number, q: { page: number; page_size: number }): Promise<PageResult<MyReport>> {
    const { rows, total } = await this.repo.minePage(accountId, q.page_size, (q.page - 1) * q.page_size);
    return { list: rows.map(toMyReport), total, page: q.page, page_size: q.page_size };
  }

  async targets(accountId: number, kind: ReportTargetKind): Promise<ReportTargetOption[]> {
    const rows = await this.repo.targets(accountId, kind);
    const when = { order: '下单于', pharmacy: '最近下单', doctor: '最近开方', live: '观看于' }[kind];
    return rows.map((r) => {
      const day = r.at ? formatShanghaiDate(r.at) : null;
      const description = [r.description, day ? `${when} ${day}` : ''].filter(Boolean).join(' · ');
      return { kind, id: r.id, label: r.label, description };
    });
  }

  /**
   * A new complaint about one of the caller's own targets (anything else: 404 like a missing one); its images must be
   * stored uploads.
   */
  async create(accountId: number, accountPhone: string, body: ReportCreateBody): Promise<MyReport> {
    const [target] = await this.repo.targets(accountId, body.target_kind, body.target_id);
    if (!target) throw AppError.notFound(reportMessages.targetNotFound, 'Not a target of this account');
    const images = [...new Set(body.images)];
    for (const url of images) {
      const key = url.slice(url.lastIndexOf('/') + 1);
      const stored = await this.storage.get(key);
      if (!stored) throw AppError.badParams('images', reportMessages.imageInvalid, 'Image not stored');
      stored.stream.destroy();
    }
    const id = await this.repo.insert({
      reporterAccountId: accountId,
      targetKind: body.target_kind,
      targetId: body.target_id,
      pharmacyId: await this.repo.targetPharmacy(body.target_kind, body.target_id),
      category: body.category,
      content: body.content,
      images,
      contactPhone: body.contact_phone || accountPhone,
    });
    return toMyReport((await this.repo.find(id))!);
  }
}
