import { z } from 'zod';
import { dateSchema } from '../common/fields';
import { orderStatuses } from '../orders/order.schema';

// 数据看板 (issue 17, docs/operator.md): the platform's figures over today, the last 7 or the last 30 Shanghai days
// ending on a day (today by default). Every figure is computed in SQL over the real tables and equals the total of
// the list it links to (dashboardLinks below builds those links).

export const dashboardRanges = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
export const dashboardRangeLabels: Record<DashboardRange, string> = {
  today: '今日',
  '7d': '近 7 天',
  '30d': '近 30 天',
};
/** The Shanghai days each range covers, ending on date_to. */
export const dashboardRangeDays: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };

/** How long an instance keeps a computed dashboard (the page says 数据每分钟更新). */
export const DASHBOARD_CACHE_SECONDS = 60;
/** 按药店 shows the top pharmacies by GMV; the rest are summed as 其他. */
export const DASHBOARD_TOP_PHARMACIES = 10;
/** Qualifications (or the drug licence) expired or expiring within this many months are counted. */
export const DASHBOARD_EXPIRY_MONTHS = 6;

export const dashboardMessages = {
  futureDate: '截止日期不能晚于今天',
} as const;

export const dashboardQuerySchema = z.object({
  range: z.enum(dashboardRanges, { error: '统计范围应为 today、7d 或 30d' }).default('today'),
  /** The last Shanghai day of the range (default today); never after today. */
  date_to: dateSchema.optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const money = z.string();

export const dashboardOrderStatusSchema = z.object({
  status: z.enum(orderStatuses),
  orders: z.number().int(),
  /** Σ pay_amount of those orders */
  amount: money,
});
export type DashboardOrderStatus = z.infer<typeof dashboardOrderStatusSchema>;

export const dashboardPharmacyRowSchema = z.object({
  /** null for 其他 (every pharmacy after the top 10) */
  pharmacy_id: z.number().int().nullable(),
  pharmacy_name: z.string(),
  /** how many pharmacies the row sums (1, or the rest for 其他) */
  pharmacies: z.number().int(),
  orders: z.number().int(),
  gmv: money,
});
export type DashboardPharmacyRow = z.infer<typeof dashboardPharmacyRowSchema>;

export const dashboardDaySchema = z.object({
  date: z.string(),
  orders: z.number().int(),
  gmv: money,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

/**
 * Orders placed in the range (orders.created_at, deleted ones left out — the order list's date filter). GMV (成交额):
 * Σ pay_amount of the paid orders not cancelled (the orders census's rule); refunds: paid then cancelled.
 */
export const dashboardOrdersSchema = z.object({
  orders: z.number().int(),
  amount: money,
  gmv_orders: z.number().int(),
  gmv: money,
  refund_orders: z.number().int(),
  refund_amount: money,
  by_status: z.array(dashboardOrderStatusSchema),
  /** top 10 pharmacies by GMV (then orders, then id), then 其他 when more pharmacies had orders */
  by_pharmacy: z.array(dashboardPharmacyRowSchema),
  by_day: z.array(dashboardDaySchema),
});
export type DashboardOrders = z.infer<typeof dashboardOrdersSchema>;

/** Live classes watched in the range (live_watch, Shanghai days). */
export const dashboardColumnSchema = z.object({
  /** distinct viewers */
  watchers: z.number().int(),
  /** Σ watch seconds ÷ 60, rounded down */
  watch_minutes: z.number().int(),
  /** distinct lives watched */
  lives: z.number().int(),
  /** one viewer on one day of one live counts once */
  views: z.number().int(),
});
export type DashboardColumn = z.infer<typeof dashboardColumnSchema>;

/** Prescriptions written in the range by their current status (the 处方统计 page's cohort). */
export const dashboardPrescriptionsSchema = z.object({
  written: z.number().int(),
  /** approved + rejected */
  inspected: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  pending_inspection: z.number().int(),
  /** approved ÷ inspected, percent with 2 places ('92.31'); null when none was inspected */
  approval_rate: z.string().nullable(),
  /** median of inspected_at − created_at over the inspected ones, minutes with 1 place; null when none */
  median_inspect_minutes: z.string().nullable(),
});
export type DashboardPrescriptions = z.infer<typeof dashboardPrescriptionsSchema>;

export const dashboardOverviewSchema = z.object({
  range: z.enum(dashboardRanges),
  date_from: z.string(),
  date_to: z.string(),
  /** when these figures were computed (ISO); an instance keeps them DASHBOARD_CACHE_SECONDS at most */
  generated_at: z.string(),
  cache_seconds: z.number().int(),
  orders: dashboardOrdersSchema,
  column: dashboardColumnSchema,
  prescriptions: dashboardPrescriptionsSchema,
  /** accounts whose membership (viper) at some pharmacy began in the range (the member list's 入会日期 filter) */
  new_members: z.number().int(),
  /** complaints waiting (report pending; not bound to the range) */
  open_complaints: z.number().int(),
  /** pharmacies with a qualification or the drug licence expired or expiring within 6 months (Shanghai today) */
  expiring_pharmacies: z.number().int(),
});
export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;

const pick = <K extends keyof DashboardOverview>(...keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };
const head = pick('range', 'date_from', 'date_to', 'generated_at', 'cache_seconds');

/** GET /admin/dashboard/order (spec §7): the orders section with the range's head. */
export const dashboardOrderResultSchema = dashboardOverviewSchema.pick({ ...head, orders: true });
export type DashboardOrderResult = z.infer<typeof dashboardOrderResultSchema>;

/** GET /admin/dashboard/column (spec §7): live attendance with the range's head. */
export const dashboardColumnResultSchema = dashboardOverviewSchema.pick({ ...head, column: true });
export type DashboardColumnResult = z.infer<typeof dashboardColumnResultSchema>;

// ---------------------------------------------------------------- the lists each figure links to

const qs = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The console paths whose list total equals a figure (same filter names as those lists' query schemas). */
export const dashboardLinks = {
  orders: (r: { date_from: string; date_to: string }, status?: string, pharmacyId?: number | null) =>
    `/website/order${qs({ status: status ?? 'all', date_from: r.date_from, date_to: r.date_to, pharmacy_id: pharmacyId ?? undefined })}`,
  prescriptions: (r: { date_from: string; date_to: string }) =>
    `/website/census${qs({ date_from: r.date_from, date_to: r.date_to })}`,
  members: (r: { date_from: string; date_to: string }) =>
    `/website/customer${qs({ joined_from: r.date_from, joined_to: r.date_to })}`,
  complaints: () => `/website/complaint${qs({ status: 'pending' })}`,
  expiring: () => `/website/pharmacy${qs({ expiring: 1 })}`,
  column: () => '/website/platformColumn',
} as const;
