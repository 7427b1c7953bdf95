import {
  inspectionRejectLabel,
  PLATFORM_CENSUS_EXPORT_PREFIX,
  PLATFORM_CENSUS_TOP,
  type PlatformCensus,
  type PlatformCensusDimension,
  type PlatformCensusFigures,
  type PlatformCensusQuery,
  PUBLIC_DOCTOR_INTRO_MAX,
  type PublicDoctor,
  platformCensusDimensionLabels,
  shanghaiToday,
} from '@pharmacy/shared';
import { exactRatio, type RecipeCensusRange, recipeCensusRange } from '../../lib/recipe-census';
import { type ExportColumn, exportFileName, type SpreadsheetSpec } from '../../lib/spreadsheet-export';
import type { CensusFilter, CensusRepository, StatusCounts } from './census.repository';

/** The counts as the contract's figures: inspected and the two exact rates added. */
export function figuresOf(c: StatusCounts): PlatformCensusFigures {
  const inspected = c.approved + c.rejected;
  return {
    written: c.written,
    inspected,
    approved: c.approved,
    rejected: c.rejected,
    pending_inspection: c.pending_inspection,
    void: c.void,
    approval_rate: exactRatio(c.approved, inspected, 100),
    rejection_rate: exactRatio(c.rejected, inspected, 100),
  };
}

/** One row of an export: what the dimension names it, then the figures. */
interface ExportRow extends PlatformCensusFigures {
  label: string;
  detail: string;
}

const rate = (v: string | null) => (v === null ? '—' : `${v}%`);

function exportColumns(dimension: PlatformCensusDimension): ExportColumn<ExportRow>[] {
  const first: Record<PlatformCensusDimension, [string, string]> = {
    day: ['日期', ''],
    pharmacy: ['药店', ''],
    doctor: ['医生', '医院 / 科室 / 职称'],
  };
  const [labelHeader, detailHeader] = first[dimension];
  return [
    { header: labelHeader, width: dimension === 'day' ? 12 : 24, type: 'text', value: (r) => r.label },
    ...(detailHeader
      ? [{ header: detailHeader, width: 36, type: 'text' as const, value: (r: ExportRow) => r.detail }]
      : []),
    { header: '开具处方', width: 10, type: 'integer', value: (r) => r.written },
    { header: '已审核', width: 10, type: 'integer', value: (r) => r.inspected },
    { header: '审核通过', width: 10, type: 'integer', value: (r) => r.approved },
    { header: '审核驳回', width: 10, type: 'integer', value: (r) => r.rejected },
    { header: '待审核', width: 10, type: 'integer', value: (r) => r.pending_inspection },
    { header: '已作废', width: 10, type: 'integer', value: (r) => r.void },
    { header: '通过率', width: 10, type: 'text', value: (r) => rate(r.approval_rate) },
    { header: '驳回率', width: 10, type: 'text', value: (r) => rate(r.rejection_rate) },
  ];
}

const truncate = (text: string, max: number) => {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
};

export class CensusService {
  constructor(private readonly repo: CensusRepository) {}

  private filter(query: PlatformCensusQuery): CensusFilter {
    return { pharmacyId: query.pharmacy_id, doctorId: query.doctor_id };
  }

  async census(query: PlatformCensusQuery, now = Date.now()): Promise<PlatformCensus> {
    const r = recipeCensusRange(query, now);
    return this.censusOf(r, this.filter(query));
  }

  private async censusOf(r: RecipeCensusRange, f: CensusFilter): Promise<PlatformCensus> {
    const [days, pharmacies, doctors, reasons, top] = await Promise.all([
      this.repo.days(r, f),
      this.repo.byPharmacy(r, f),
      this.repo.byDoctor(r, f),
      this.repo.rejectReasons(r, f),
      this.repo.topDrugs(r, f, PLATFORM_CENSUS_TOP),
    ]);
    const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
    const total: StatusCounts = {
      written: sum((d) => d.written),
      approved: sum((d) => d.approved),
      rejected: sum((d) => d.rejected),
      pending_inspection: sum((d) => d.pending_inspection),
      void: sum((d) => d.void),
    };
    const lines = sum((d) => d.lines);
    const rejections = reasons.reduce((n, x) => n + x.count, 0);
    return {
      date_from: r.dateFrom,
      date_to: r.dateTo,
      summary: {
        ...figuresOf(total),
        item_lines: lines,
        avg_items: exactRatio(lines, total.written - total.void),
        pharmacies: pharmacies.length,
        doctors: doctors.length,
      },
      days: days.map((d) => ({ date: d.date, ...figuresOf(d) })),
      by_pharmacy: pharmacies.map((p) => ({
        pharmacy_id: p.pharmacy_id,
        pharmacy_name: p.pharmacy_name,
        ...figuresOf(p),
      })),
      by_doctor: doctors.map((d) => ({
        doctor_id: d.doctor_id,
        doctor_name: d.doctor_name,
        hospital: d.hospital,
        department: d.department,
        title: d.title,
        ...figuresOf(d),
      })),
      reject_reasons: reasons.map((x) => ({
        code: x.code,
        label: inspectionRejectLabel(x.code) || x.code || '未填写',
        count: x.count,
        share: exactRatio(x.count, rejections, 100) ?? '0.00',
      })),
      top_drugs: top,
    };
  }

  /** The table of one dimension with a 合计 row, as a one-sheet workbook, and its file name. */
  async exportSheet(
    query: PlatformCensusQuery & { dimension: PlatformCensusDimension },
    now = Date.now(),
  ): Promise<{ name: string; total: number; spec: SpreadsheetSpec<ExportRow> }> {
    const census = await this.census(query, now);
    const { dimension } = query;
    const rows: ExportRow[] =
      dimension === 'day'
        ? census.days.map((d) => ({ ...d, label: d.date, detail: '' }))
        : dimension === 'pharmacy'
          ? census.by_pharmacy.map((p) => ({ ...p, label: p.pharmacy_name || `药店 #${p.pharmacy_id}`, detail: '' }))
          : census.by_doctor.map((d) => ({
              ...d,
              label: d.doctor_name || `医生 #${d.doctor_id}`,
              detail: [d.hospital, d.department, d.title].filter(Boolean).join(' / '),
            }));
    const { item_lines: _l, avg_items: _a, pharmacies: _p, doctors: _d, ...summary } = census.summary;
    rows.push({ ...summary, label: '合计', detail: `${census.date_from} 至 ${census.date_to}` });
    const label = platformCensusDimensionLabels[dimension];
    return {
      name: exportFileName(`${PLATFORM_CENSUS_EXPORT_PREFIX}-${label}`, shanghaiToday(now)),
      total: rows.length,
      spec: {
        sheetName: `处方统计${label}`,
        columns: exportColumns(dimension),
        batches: (async function* () {
          yield rows;
        })(),
      },
    };
  }

  /** The public list: active doctors, the intro cut for a card, no avatar → null. */
  async publicDoctors(): Promise<PublicDoctor[]> {
    const rows = await this.repo.publicDoctors();
    return rows.map((d) => ({
      id: d.id,
      name: d.name,
      title: d.title,
      hospital: d.hospital,
      department: d.department,
      intro: truncate(d.intro, PUBLIC_DOCTOR_INTRO_MAX),
      avatar_url: d.avatar_url.trim() || null,
    }));
  }
}
