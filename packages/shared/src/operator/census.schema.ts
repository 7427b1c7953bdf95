import { z } from 'zod';
import { recipeStatisticsMessages, recipeTopDrugSchema } from '../clinical/recipe-document.schema';
import { dateSchema, idTextSchema } from '../common/fields';

/**
 * The operator's prescription statistics (处方统计, /website/census, key `all`; docs/operator.md "Census"). The same
 * cohort as the doctor's own census (clinical/recipe-document.schema.ts): the prescriptions WRITTEN (created_at)
 * between two Shanghai days, of every pharmacy and doctor (or one of each, as filters), each counted by its CURRENT
 * status:
 * - 开具 written: all of them; 已审核 inspected = approved + rejected; 待审核 pending_inspection; 作废 void;
 * - 通过率 approval_rate = approved ÷ inspected, 驳回率 rejection_rate = rejected ÷ inspected: percentages with 2
 *   places, exact (integer arithmetic, half up), null when none was inspected;
 * - by day (every day of the range, zeros included), by pharmacy and by doctor (those with a prescription in the
 *   range, most written first): the same figures, adding up to the summary;
 * - 驳回原因: the `reject` decisions (recipe_inspection) on the cohort's prescriptions, by reject_code;
 * - 常用药品: the lines of the non-void prescriptions by product, TOP 10 by quantity prescribed, then lines.
 */

/** The longest range, the default and the refusals: the doctor's census's (one year, the last 30 days). */
export {
  RECIPE_STATISTICS_DEFAULT_DAYS as PLATFORM_CENSUS_DEFAULT_DAYS,
  RECIPE_STATISTICS_MAX_DAYS as PLATFORM_CENSUS_MAX_DAYS,
} from '../clinical/recipe-document.schema';
export const platformCensusMessages = recipeStatisticsMessages;
export const PLATFORM_CENSUS_TOP = 10;

const censusFilterShape = {
  date_from: dateSchema.optional(),
  date_to: dateSchema.optional(),
  /** one pharmacy (the dispensing pharmacy of the prescription) */
  pharmacy_id: idTextSchema.optional(),
  /** one doctor (doctor.id) */
  doctor_id: idTextSchema.optional(),
};
const datesInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const datesError = { path: ['date_to'], error: recipeStatisticsMessages.datesOrder };

export const platformCensusQuerySchema = z.object(censusFilterShape).refine(datesInOrder, datesError);
export type PlatformCensusQuery = z.infer<typeof platformCensusQuerySchema>;

/** The export's rows: the table of one dimension. */
export const platformCensusDimensions = ['day', 'pharmacy', 'doctor'] as const;
export type PlatformCensusDimension = (typeof platformCensusDimensions)[number];
export const platformCensusDimensionLabels: Record<PlatformCensusDimension, string> = {
  day: '按日',
  pharmacy: '按药店',
  doctor: '按医生',
};

export const platformCensusExportQuerySchema = z
  .object({
    ...censusFilterShape,
    dimension: z.enum(platformCensusDimensions, { error: '导出维度应为 day、pharmacy 或 doctor' }).default('day'),
  })
  .refine(datesInOrder, datesError);
export type PlatformCensusExportQuery = z.input<typeof platformCensusExportQuerySchema>;

/** The export's file name prefix: 处方统计-按药店-20261124.xls. */
export const PLATFORM_CENSUS_EXPORT_PREFIX = '处方统计';

/** The counts of a set of prescriptions and the two rates. */
export const platformCensusFiguresSchema = z.object({
  written: z.number().int(),
  /** approved + rejected */
  inspected: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  pending_inspection: z.number().int(),
  void: z.number().int(),
  /** approved ÷ inspected, '85.71' (percent, 2 places); null when none was inspected */
  approval_rate: z.string().nullable(),
  /** rejected ÷ inspected, likewise */
  rejection_rate: z.string().nullable(),
});
export type PlatformCensusFigures = z.infer<typeof platformCensusFiguresSchema>;

export const platformCensusDaySchema = platformCensusFiguresSchema.extend({ date: z.string() });
export type PlatformCensusDay = z.infer<typeof platformCensusDaySchema>;

export const platformCensusPharmacySchema = platformCensusFiguresSchema.extend({
  pharmacy_id: z.number().int(),
  pharmacy_name: z.string(),
});
export type PlatformCensusPharmacy = z.infer<typeof platformCensusPharmacySchema>;

export const platformCensusDoctorSchema = platformCensusFiguresSchema.extend({
  doctor_id: z.number().int(),
  doctor_name: z.string(),
  hospital: z.string(),
  department: z.string(),
  title: z.string(),
});
export type PlatformCensusDoctor = z.infer<typeof platformCensusDoctorSchema>;

/** A rejection reason: the reject decisions with this code. */
export const platformCensusReasonSchema = z.object({
  code: z.string(),
  /** the label of inspectionRejectReasons; the code itself for one not (or no longer) listed */
  label: z.string(),
  count: z.number().int(),
  /** count ÷ all the reject decisions counted, percent with 2 places */
  share: z.string(),
});
export type PlatformCensusReason = z.infer<typeof platformCensusReasonSchema>;

export const platformCensusSchema = z.object({
  date_from: z.string(),
  date_to: z.string(),
  summary: platformCensusFiguresSchema.extend({
    /** prescription lines of the non-void prescriptions */
    item_lines: z.number().int(),
    /** item_lines ÷ non-void prescriptions, 2 places; null without any */
    avg_items: z.string().nullable(),
    /** pharmacies and doctors with at least one prescription in the range */
    pharmacies: z.number().int(),
    doctors: z.number().int(),
  }),
  days: z.array(platformCensusDaySchema),
  by_pharmacy: z.array(platformCensusPharmacySchema),
  by_doctor: z.array(platformCensusDoctorSchema),
  /** most frequent first */
  reject_reasons: z.array(platformCensusReasonSchema),
  /** TOP 10 by quantity, then lines, then product id */
  top_drugs: z.array(recipeTopDrugSchema),
});
export type PlatformCensus = z.infer<typeof platformCensusSchema>;

// ---------------------------------------------------------------- the public doctor list (home page 医生团队)

/** The public list's length: at most this many doctors. */
export const PUBLIC_DOCTOR_LIST_MAX = 12;
/** The intro is cut to this many characters (an ellipsis added) for the list. */
export const PUBLIC_DOCTOR_INTRO_MAX = 60;

/** An active doctor as the public sees them: no phone, licence or signature. */
export const publicDoctorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  hospital: z.string(),
  department: z.string(),
  /** the first PUBLIC_DOCTOR_INTRO_MAX characters of the intro (… when cut); '' when none */
  intro: z.string(),
  /** the account's head image; null when none (the page draws the name's first character) */
  avatar_url: z.string().nullable(),
});
export type PublicDoctor = z.infer<typeof publicDoctorSchema>;
