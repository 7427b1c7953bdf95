// The operator's 数据看板 (issue 17, docs/operator.md) on the large data set (1,000,000 orders, 200,000 prescriptions,
// 200,000 members, 50 pharmacies; scripts/seed-large.mjs adds the live watch days, complaints and qualifications it
// reads). Two figures:
// - uncached: `runs` sequential GET /admin/dashboard/overview?range=30d, each with another end day (date_to = today
//   − i days), so no answer comes from the instance's 60 s cache; beside the same statements run bare through pg;
// - as served: the steady-load target `admin/dashboard/overview 30d` of bench/targets.mjs (run by the generic loop of
//   bench/run.mjs beside its bare route, which keeps its answer 60 s as the product does).
// Budgets: bench/budgets.json `dashboard.uncached_max_p95_ms` and `api.min_req_per_s["admin/dashboard/overview 30d"]`.
import pg from 'pg';

const DAY_MS = 86_400_000;
const shanghaiDate = (t) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const dashboardTargets = { runs: 30, uncached_max_p95_ms: 300 };

/**
 * The dashboard's statements as DashboardRepository runs them (apps/server/src/modules/operator/dashboard.repository.ts),
 * for the range of `days` Shanghai days ending on `dateTo`: [from, to) instants of the day starts.
 */
export function dashboardStatements(dateTo, days = 30) {
  const dateFrom = addDays(dateTo, 1 - days);
  const from = `${dateFrom}T00:00:00+08:00`;
  const to = `${addDays(dateTo, 1)}T00:00:00+08:00`;
  const expiryEnd = (() => {
    const [y, m, d] = shanghaiDate(Date.now()).split('-').map(Number);
    const month = m - 1 + 6;
    const last = new Date(Date.UTC(y + Math.floor(month / 12), (month % 12) + 1, 0)).getUTCDate();
    return new Date(Date.UTC(y + Math.floor(month / 12), month % 12, Math.min(d, last))).toISOString().slice(0, 10);
  })();
  const PAID = `o.paid_at is not null and o.status <> 'cancelled'`;
  const REFUNDED = `o.paid_at is not null and o.status = 'cancelled'`;
  const money = (e) => `round(coalesce(${e}, 0), 2)::text`;
  return {
    dateFrom,
    dateTo,
    orders: {
      text: `with s as (
          select p.id as pharmacy_id, p.name as pharmacy_name, x.* from pharmacy p
          cross join lateral (
            select o.status, (o.created_at at time zone 'Asia/Shanghai')::date as day,
              count(*) as n, sum(o.pay_amount) as amount,
              count(*) filter (where ${PAID}) as paid_n, sum(o.pay_amount) filter (where ${PAID}) as paid_amount,
              count(*) filter (where ${REFUNDED}) as refund_n, sum(o.pay_amount) filter (where ${REFUNDED}) as refund_amount
            from orders o
            where o.pharmacy_id = p.id and o.created_at >= $1 and o.created_at < $2 and o.deleted_at is null
            group by 1, 2) x),
        g as (
          select case when grouping(s.status) = 0 then 'status' when grouping(s.pharmacy_id) = 0 then 'pharmacy'
                      when grouping(s.day) = 0 then 'day' else 'total' end as kind,
            s.status, s.pharmacy_id, s.pharmacy_name, s.day, sum(s.n) as n, sum(s.amount) as amount,
            sum(s.paid_n) as paid_n, sum(s.paid_amount) as paid_amount, sum(s.refund_n) as refund_n,
            sum(s.refund_amount) as refund_amount
          from s group by grouping sets ((), (s.status), (s.pharmacy_id, s.pharmacy_name), (s.day))),
        ranked as (select g.*, row_number() over (order by coalesce(g.paid_amount, 0) desc, g.n desc, g.pharmacy_id) as rk
          from g where g.kind = 'pharmacy'),
        out as (
          select kind, status, pharmacy_id, pharmacy_name, day, 1 as pharmacies, n, amount, paid_n, paid_amount,
            refund_n, refund_amount from g where kind <> 'pharmacy'
          union all
          select kind, status, pharmacy_id, pharmacy_name, day, 1, n, amount, paid_n, paid_amount, refund_n,
            refund_amount from ranked where rk <= 10
          union all
          select 'other', null, null, null, null, count(*), sum(n), sum(amount), sum(paid_n), sum(paid_amount),
            sum(refund_n), sum(refund_amount) from ranked where rk > 10 having count(*) > 0)
        select kind, status, pharmacy_id, pharmacy_name, to_char(day, 'YYYY-MM-DD') as day, pharmacies::int,
          coalesce(n, 0)::int as n, ${money('amount')} as amount, coalesce(paid_n, 0)::int as paid_n,
          ${money('paid_amount')} as paid_amount, coalesce(refund_n, 0)::int as refund_n,
          ${money('refund_amount')} as refund_amount
        from out order by kind, coalesce(paid_amount, 0) desc, n desc, pharmacy_id, day`,
      values: [from, to],
    },
    prescriptions: {
      text: `select count(*)::int as written,
          (count(*) filter (where rc.status = 'approved'))::int as approved,
          (count(*) filter (where rc.status = 'rejected'))::int as rejected,
          (count(*) filter (where rc.status = 'pending_inspection'))::int as pending_inspection,
          round((percentile_cont(0.5) within group (order by extract(epoch from rc.inspected_at - rc.created_at))
            filter (where rc.status in ('approved', 'rejected') and rc.inspected_at is not null))::numeric / 60, 1)::text
            as median_minutes
        from recipe rc where rc.created_at >= $1 and rc.created_at < $2 and true`,
      values: [from, to],
    },
    members: {
      text: `select count(distinct v.account_id)::int as n from viper v where v.created_at >= $1 and v.created_at < $2`,
      values: [from, to],
    },
    column: {
      text: `select count(distinct w.account_id)::int as watchers, (coalesce(sum(w.seconds), 0) / 60)::int as watch_minutes,
          count(distinct w.live_id)::int as lives, count(*)::int as views
        from live_watch w where w.day >= $1::date and w.day <= $2::date`,
      values: [dateFrom, dateTo],
    },
    standing: {
      text: `select (select count(*) from report r where r.status = 'pending')::int as open_complaints,
          (select count(*) from pharmacy p where (p.drug_licence_expire_at <= $1::date
            or exists (select 1 from pharmacy_qualification q where q.pharmacy_id = p.id and q.expire_at <= $1::date))
          )::int as expiring_pharmacies`,
      values: [expiryEnd],
    },
  };
}

/** The five statements side by side (as the service runs them), on a pool. */
export async function runDashboardStatements(db, dateTo, days = 30) {
  const s = dashboardStatements(dateTo, days);
  const [orders, prescriptions, members, column, standing] = await Promise.all([
    db.query(s.orders),
    db.query(s.prescriptions),
    db.query(s.members),
    db.query(s.column),
    db.query(s.standing),
  ]);
  return {
    date_from: s.dateFrom,
    date_to: s.dateTo,
    orders: orders.rows,
    prescriptions: prescriptions.rows[0],
    new_members: members.rows[0].n,
    column: column.rows[0],
    ...standing.rows[0],
  };
}

async function sequential(runs, fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    p50_ms: +percentile(times, 50).toFixed(1),
    p95_ms: +percentile(times, 95).toFixed(1),
    max_ms: +times[times.length - 1].toFixed(1),
  };
}

/**
 * Uncached: `runs` sequential requests of the 30-day dashboard ending on another day each (today − 1 … today − runs,
 * keys nobody asked for yet), then the same statements bare through a pg pool; the last answer's order total is
 * checked against count(*) of the raw rows.
 */
export async function measureDashboard({
  baseUrl,
  databaseUrl,
  headers,
  runs = Number(process.env.DASHBOARD_RUNS ?? dashboardTargets.runs),
  log = console.log,
}) {
  const today = shanghaiDate(Date.now());
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  try {
    let last;
    const product = await sequential(runs, async (i) => {
      const dateTo = addDays(today, -(i + 1));
      const res = await fetch(`${baseUrl}/api/v1/admin/dashboard/overview?range=30d&date_to=${dateTo}`, { headers });
      const body = await res.json();
      if (!res.ok || body.code !== 0) throw new Error(`dashboard: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      last = body.data;
    });
    log(
      `  dashboard 30 days uncached (sequential, ${runs} end days): p50 ${product.p50_ms} ms, p95 ${product.p95_ms} ms`,
    );
    const bare = await sequential(runs, (i) => runDashboardStatements(pool, addDays(today, -(i + 1))));
    log(`  the same statements bare through pg: p50 ${bare.p50_ms} ms, p95 ${bare.p95_ms} ms`);
    const { rows } = await pool.query(
      `select count(*)::int as n from orders where deleted_at is null
         and created_at >= ($1::date)::timestamp at time zone 'Asia/Shanghai'
         and created_at < ($2::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
      [last.date_from, last.date_to],
    );
    if (rows[0].n !== last.orders.orders)
      throw new Error(
        `dashboard orders ${last.orders.orders} ≠ count(*) ${rows[0].n} (${last.date_from} … ${last.date_to})`,
      );
    // the plans of the five statements for the first end day measured (what an index would change)
    const statements = dashboardStatements(addDays(today, -1));
    const plans = {};
    for (const name of ['orders', 'prescriptions', 'members', 'column', 'standing']) {
      const { rows: plan } = await pool.query({
        text: `explain (analyze, buffers, format text) ${statements[name].text}`,
        values: statements[name].values,
      });
      plans[name] = plan.map((r) => r['QUERY PLAN']).join('\n');
    }
    return {
      range: '30d',
      last: {
        date_from: last.date_from,
        date_to: last.date_to,
        orders: last.orders.orders,
        gmv: last.orders.gmv,
        prescriptions: last.prescriptions.written,
        new_members: last.new_members,
        watchers: last.column.watchers,
      },
      product,
      bare,
      plans,
    };
  } finally {
    await pool.end();
  }
}

export function dashboardFailures(result, budget = dashboardTargets.uncached_max_p95_ms) {
  if (!result) return [];
  if (result.error) return [`dashboard: ${result.error}`];
  return result.product.p95_ms > budget
    ? [`dashboard 30 days uncached: p95 ${result.product.p95_ms} ms > ${budget} ms`]
    : [];
}

export function dashboardLines(result) {
  if (!result) return [];
  if (result.error) return ['| dashboard | failed |', '| --- | --- |', `| 30 days uncached | ${result.error} |`, ''];
  const row = (name, r) => `| ${name} | ${r.runs} | ${r.p50_ms} | ${r.p95_ms} | ${r.max_ms} |`;
  const l = result.last;
  return [
    `| 数据看板 30 days uncached (last: ${l.date_from} … ${l.date_to}, ${l.orders} orders, GMV ${l.gmv}, ${l.prescriptions} prescriptions) | runs | p50 ms | p95 ms | max ms |`,
    '| --- | ---: | ---: | ---: | ---: |',
    row('product GET /admin/dashboard/overview?range=30d&date_to=<another day each>', result.product),
    row('bare: its five statements side by side through pg', result.bare),
    '',
  ];
}
