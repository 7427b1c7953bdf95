import {
  type ConsultationStatus,
  consultationStatuses,
  RECIPE_STATISTICS_DEFAULT_DAYS,
  RECIPE_STATISTICS_MAX_DAYS,
  RECIPE_STATISTICS_TOP,
  type RecipeDetail,
  type RecipeStatistics,
  type RecipeStatisticsQuery,
  recipeStatisticsMessages,
  recipeStatuses,
  shanghaiDayEnd,
  shanghaiDayStart,
  shanghaiToday,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../lib/storage';
import type { RecipeDocumentRepository, RecipeOwner, StatisticsRange } from './recipe-document.repository';
import { isEmbeddableImage, renderRecipePdf, type SignatureImage } from './recipe-pdf';

const DAY_MS = 24 * 3600_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const maxDate = (a: string, b: string) => (a > b ? a : b);

/** An uploaded file's link (`/api/v1/upload/<key>`): the key in storage. */
const UPLOAD_LINK = /^\/api\/v1\/upload\/([A-Za-z0-9_-]+\.(?:png|jpg|jpeg))$/;
const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * `part / whole` as a decimal with 2 places, rounded half up, in integers only (exact; no float on the way):
 * ratio(6, 7, 100) = '85.71'; null when whole is 0.
 */
export function exactRatio(part: number, whole: number, scale = 1): string | null {
  if (whole <= 0) return null;
  const hundredths = (BigInt(part) * BigInt(scale) * 200n + BigInt(whole)) / (2n * BigInt(whole));
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

export class RecipeDocumentService {
  constructor(
    private readonly repo: RecipeDocumentRepository,
    private readonly storage: FileStorage,
  ) {}

  /** The prescription's PDF for its doctor or its pharmacy's pharmacist; anyone else's answers 404. */
  async pdf(id: number, owner: RecipeOwner): Promise<{ pdf: Buffer; fileName: string; detail: RecipeDetail }> {
    const detail = await this.repo.detail(id, owner);
    if (!detail) throw AppError.notFound('处方不存在', 'No such prescription');
    const signature = await this.signature(detail.signature_url);
    const pdf = await renderRecipePdf(detail, detail.pharmacy_name, signature);
    return { pdf, fileName: `处方-${detail.recipe_no}.pdf`, detail };
  }

  /**
   * The signature's bytes when it is a stored PNG or JPEG upload; anything else (a /demo SVG, a missing file, an
   * unreadable one) answers null and the PDF writes the doctor's name instead: the signature never fails the PDF.
   */
  async signature(url: string): Promise<SignatureImage> {
    const key = UPLOAD_LINK.exec(url)?.[1];
    if (!key) return null;
    try {
      const file = await this.storage.get(key);
      if (!file || file.size > SIGNATURE_MAX_BYTES) {
        file?.stream.destroy();
        return null;
      }
      const parts: Buffer[] = [];
      for await (const chunk of file.stream) parts.push(chunk as Buffer);
      const data = Buffer.concat(parts);
      return isEmbeddableImage(data) ? data : null;
    } catch {
      return null;
    }
  }

  /** The range in Shanghai days: default the last 30 days up to today; at most 366 days. */
  range(doctorId: number, query: RecipeStatisticsQuery, now = Date.now()): StatisticsRange {
    const dateTo =
      query.date_to ?? (query.date_from ? maxDate(query.date_from, shanghaiToday(now)) : shanghaiToday(now));
    const dateFrom = query.date_from ?? addDays(dateTo, 1 - RECIPE_STATISTICS_DEFAULT_DAYS);
    if (dateFrom > dateTo) {
      throw AppError.badParams('date_to', recipeStatisticsMessages.datesOrder, 'date_to before date_from');
    }
    if (dayNumber(dateTo) - dayNumber(dateFrom) + 1 > RECIPE_STATISTICS_MAX_DAYS) {
      throw AppError.badParams(
        'date_from',
        recipeStatisticsMessages.tooLong,
        `Range longer than ${RECIPE_STATISTICS_MAX_DAYS} days`,
      );
    }
    return { doctorId, dateFrom, dateTo, from: shanghaiDayStart(dateFrom)!, to: shanghaiDayEnd(dateTo)! };
  }

  async statistics(doctorId: number, query: RecipeStatisticsQuery): Promise<RecipeStatistics> {
    const r = this.range(doctorId, query);
    const [days, top, consultations] = await Promise.all([
      this.repo.days(r),
      this.repo.topDrugs(r, RECIPE_STATISTICS_TOP),
      this.repo.consultations(r),
    ]);
    const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
    const written = sum((d) => d.written);
    const approved = sum((d) => d.approved);
    const rejected = sum((d) => d.rejected);
    const pending = sum((d) => d.pending_inspection);
    const voided = sum((d) => d.void);
    const lines = sum((d) => d.lines);
    const byStatus = { pending_inspection: pending, approved, rejected, void: voided };
    const consultationCount = (s: ConsultationStatus) => consultations.find((c) => c.status === s)?.count ?? 0;
    return {
      date_from: r.dateFrom,
      date_to: r.dateTo,
      summary: {
        written,
        approved,
        rejected,
        pending_inspection: pending,
        void: voided,
        inspected: approved + rejected,
        approval_rate: exactRatio(approved, approved + rejected, 100),
        item_lines: lines,
        avg_items: exactRatio(lines, written - voided),
      },
      by_status: recipeStatuses.map((status) => ({ status, count: byStatus[status] })),
      days: days.map((d) => ({ date: d.date, written: d.written, approved: d.approved, rejected: d.rejected })),
      top_drugs: top,
      consultations: {
        received: consultations.reduce((n, c) => n + c.count, 0),
        prescribed: consultationCount('prescribed'),
        by_status: consultationStatuses.map((status) => ({ status, count: consultationCount(status) })),
      },
    };
  }
}
