import {
  type ConsultationStatus,
  consultationStatuses,
  RECIPE_STATISTICS_TOP,
  type RecipeDetail,
  type RecipeStatistics,
  type RecipeStatisticsQuery,
  recipeStatuses,
} from '@pharmacy/shared';
import { AppError } from '../../lib/app-error';
import { exactRatio, recipeCensusRange } from '../../lib/recipe-census';
import type { FileStorage } from '../../lib/storage';
import type { RecipeDocumentRepository, RecipeOwner, StatisticsRange } from './recipe-document.repository';
import { isEmbeddableImage, renderRecipePdf, type SignatureImage } from './recipe-pdf';

/** An uploaded file's link (`/api/v1/upload/<key>`): the key in storage. */
const UPLOAD_LINK = /^\/api\/v1\/upload\/([A-Za-z0-9_-]+\.(?:png|jpg|jpeg))$/;
const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;

// The exact ratio and the range moved to lib/recipe-census.ts (shared with the operator's census).
export { exactRatio };

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
    return { doctorId, ...recipeCensusRange(query, now) };
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
