// The product's hot endpoints, each beside the hand-written SQL a bare Fastify + pg route runs for the same answer.
// A module adds its endpoint here as one entry; the bare server and the runner pick it up. `as` says who calls it:
// 'user' (the demo pharmacy_admin 13800000002, whose 20,000 messages the large seed adds), 'staff' (13700000001,
// pharmacy_admin of the bench pharmacy 压测药房1号店 with its 20,000 quotes; the `pharmacyid` header is sent),
// 'pharmacist' (13700000003, pharmacist of 压测药房1号店; the `pharmacyid` header is sent), 'doctor' (13700001001, a
// bench doctor with 10,000 prescriptions), 'operator' (the demo operator 13800000007 holding `all`) or nobody (a visitor, no Auth header). Absolute budgets per name are in bench/budgets.json (api.min_req_per_s,
// api.max_p95_ms).

import { runDashboardStatements } from './dashboard.mjs';

const sessionAccount = `select a.id from session s join account a on a.id = s.account_id
  where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now()`;

async function accountId(db, ctx) {
  const { rows } = await db.query(sessionAccount, [ctx.tokenHash]);
  return rows[0]?.id;
}

/** The counters of one owner's list (docs/lists.md): one primary-key lookup. */
async function listCounts(db, scope, ownerId) {
  const { rows } = await db.query('select bucket, n::int as n from list_count where scope = $1 and owner_id = $2', [
    scope,
    ownerId,
  ]);
  return Object.fromEntries(rows.map((r) => [r.bucket, r.n]));
}

/** The message list (MessageRepository.page): the page's ids from the index, its rows, the total from list_count. */
async function messagePage(db, ctx, page) {
  const id = await accountId(db, ctx);
  const { rows } = await db.query(
    `select m.id, m.kind, m.title, m.content, m.link, m.read_at, m.created_at,
            (select json_object_agg(bucket, n) from list_count where scope = 'message' and owner_id = $1) as counts
     from message m
     join (select id from message where account_id = $1 and deleted_at is null order by id desc limit 20 offset $2) p
       on p.id = m.id
     order by m.id desc`,
    [id, (page - 1) * 20],
  );
  const counts = rows[0]?.counts ?? (await listCounts(db, 'message', id));
  const total = Number(counts.read ?? 0) + Number(counts.unread ?? 0);
  return { list: rows.map(({ counts: _, ...m }) => m), total, page, page_size: 20 };
}

/** The session's account, when it is active staff of the pharmacy in the `pharmacyid` header (prepared, as the product's). */
async function staffOf(db, ctx) {
  const { rows } = await db.query({
    name: 'bare_staff_of',
    text: `select a.id from session s join account a on a.id = s.account_id
     join pharmacy_member m on m.account_id = a.id and m.pharmacy_id = $2 and m.status = 'active'
     where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now() and a.status = 'active'`,
    values: [ctx.tokenHash, ctx.pharmacyId],
  });
  return rows[0]?.id;
}

// The quote list's SQL as QuoteRepository runs it: the row's columns without the category (its name comes from the
// ~50 categories held in memory), the list order of quote_pharmacy_list_idx, named prepared statements.
const quoteColumns = `q.id, q.product_id, p.name, p.generic_name, p.spec, p.manufacturer, p.approval_no, p.barcode,
  p.type, p.category_id, p.images[1] as image, q.price, q.original_price, q.stock, q.status, q.is_top,
  q.sales_count, to_char(q.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;
const quoteOrder = 'q.is_top desc, q.sort desc, q.id desc';

/** Category names by id, read again after 5 s (the product's catalogue cache time to live). */
let categories = { at: 0, names: new Map() };
async function categoryNames(db) {
  if (Date.now() - categories.at > 5000) {
    const { rows } = await db.query({ name: 'bare_categories', text: 'select id, name from category' });
    categories = { at: Date.now(), names: new Map(rows.map((r) => [r.id, r.name])) };
  }
  return categories.names;
}

const quoteItem = (names) => (r) => ({
  id: r.id,
  product_id: r.product_id,
  name: r.name,
  generic_name: r.generic_name,
  spec: r.spec,
  manufacturer: r.manufacturer,
  approval_no: r.approval_no,
  barcode: r.barcode,
  type: r.type,
  category_name: r.category_id === null ? null : (names.get(r.category_id) ?? null),
  image: r.image,
  price: r.price,
  original_price: r.original_price,
  stock: r.stock,
  status: r.status,
  is_top: r.is_top,
  sales_count: r.sales_count,
  updated_at: r.updated_at,
});

const tabCounts = (on, off) => ({ all: on + off, on_shelf: on, off_shelf: off });

/**
 * The quote list unfiltered, page 1 (QuoteRepository.firstPage): one prepared statement walks quote_pharmacy_list_idx
 * backward and stops after 20 rows, its LIMIT in the text, the counts from list_count as a column.
 */
async function quotePage(db, ctx) {
  await staffOf(db, ctx);
  const { rows } = await db.query({
    name: 'bare_quote_page1_all_20',
    text: `select ${quoteColumns},
       (select json_object_agg(bucket, n) from list_count where scope = 'quote' and owner_id = $1) as counts
     from quote q join product p on p.id = q.product_id
     where q.pharmacy_id = $1 order by ${quoteOrder} limit 20`,
    values: [ctx.pharmacyId],
  });
  const counts = rows[0]?.counts ?? (await listCounts(db, 'quote', ctx.pharmacyId));
  const on = Number(counts.on_shelf ?? 0);
  const off = Number(counts.off_shelf ?? 0);
  return {
    list: rows.map(quoteItem(await categoryNames(db))),
    total: on + off,
    page: 1,
    page_size: 20,
    counts: tabCounts(on, off),
  };
}

// A filtered search as QuoteRepository.page answers it: its counts and its page's ids kept with the versions they were
// read at — the pharmacy's quote writes and the catalogue's product writes (list_count, migration 0009) — and used
// while the versions read with the page's rows by id are the same; else the page walks the list index in order until
// it is full, with the exact count (quote_pharmacy_product_uq carries the status) as a column of the same statement.
const versions = `(select n::text from list_count where scope = 'quote:writes' and owner_id = $1 and bucket = 'n')
  || ':' || (select n::text from list_count where scope = 'product:writes' and owner_id = 0 and bucket = 'n')`;
const searchCache = new Map();
const byIdsOrder = (ids, rows) => {
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => at.get(a.id) - at.get(b.id));
};

/** A filtered quote search (keyword + tab): the page and the exact count of every tab. */
async function quoteSearch(db, ctx, keyword, status) {
  await staffOf(db, ctx);
  const key = `${ctx.pharmacyId}:${keyword}:${status}`;
  const cached = searchCache.get(key);
  let rows;
  let counts;
  if (cached) {
    const { rows: byId } = await db.query({
      name: 'bare_quote_rows_by_ids',
      text: `select ${quoteColumns}, ${versions} as version from quote q join product p on p.id = q.product_id
        where q.pharmacy_id = $1 and q.id = any($2::int[])`,
      values: [ctx.pharmacyId, cached.ids],
    });
    if (byId[0]?.version === cached.version) {
      rows = byIdsOrder(cached.ids, byId);
      counts = cached.counts;
    }
  }
  if (!rows) {
    const search = `(p.name || chr(31) || p.generic_name || chr(31) || p.approval_no || chr(31) || p.barcode) ilike $2`;
    ({ rows } = await db.query(
      `select ${quoteColumns}, ${versions} as version,
         (select json_build_array(count(*) filter (where q.status = 'on_shelf'), count(*) filter (where q.status = 'off_shelf'))::text
          from quote q join product p on p.id = q.product_id where q.pharmacy_id = $1 and ${search}) as counts
       from quote q join product p on p.id = q.product_id
       where q.pharmacy_id = $1 and ${search} and q.status = $3 order by ${quoteOrder} limit 20`,
      [ctx.pharmacyId, `%${keyword}%`, status],
    ));
    const [on, off] = JSON.parse(rows[0].counts);
    counts = tabCounts(on, off);
    searchCache.set(key, { version: rows[0].version, ids: rows.map((r) => r.id), counts });
  }
  const names = await categoryNames(db);
  return { list: rows.map(quoteItem(names)), total: counts[status], page: 1, page_size: 20, counts };
}

/** The medicine search of mp/cms/medicines (MedicineRepository.list): one page by id and its count. */
async function medicineSearch(db, q) {
  const pattern = `%${q}%`;
  const where = `p.status = 'active' and (p.name || chr(31) || p.generic_name || chr(31) || p.approval_no || chr(31) || p.barcode) ilike $1`;
  const [list, total] = await Promise.all([
    db.query(
      `select p.id, p.name, p.generic_name, p.spec, p.manufacturer, p.approval_no, p.type, p.category_id,
              p.images[1] as image, o.min_price::text as min_price, coalesce(o.pharmacy_count, 0)::int as pharmacy_count,
              coalesce(o.sales, 0)::int as sales_count
       from (select * from product p where ${where} order by p.id limit 20 offset 0) p left join lateral (
         select min(q.price) as min_price, count(*) as pharmacy_count, sum(q.sales_count) as sales
         from quote q where q.product_id = p.id and q.status = 'on_shelf') o on true
       order by p.id`,
      [pattern],
    ),
    db.query(`select count(*)::int as total from product p where ${where}`, [pattern]),
  ]);
  return { list: list.rows, total: total.rows[0].total, page: 1, page_size: 20 };
}

// The order list's naive route (the issue's baseline): the page's orders by LIMIT 20 OFFSET n, then their joins and
// line texts (for the 20 only: run 1 computed them in the same SELECT as the OFFSET, so for every skipped row too,
// and at offset 10,000 timed out), and the total and every tab's count by count(*) over the pharmacy's orders.
const naiveOrderColumns = `o.id, o.order_no, o.pharmacy_id, ph.name as pharmacy_name, o.account_id, a.phone as buyer_phone,
  o.kind, o.has_rx, o.status, o.goods_amount, o.freight, o.discount, o.pay_amount, o.patient_name, o.receiver_name,
  o.receiver_phone, o.province || o.city || o.district || o.address_detail as address,
  (select string_agg(i.name || ' ×' || i.qty, '，' order by i.id) from order_item i where i.order_id = o.id) as items_text,
  (select count(*)::int from order_item i where i.order_id = o.id) as item_count,
  e.courier_code, e.tracking_no, o.created_at, o.paid_at, o.shipped_at, o.completed_at, o.cancelled_at`;

async function naiveOrderPage(db, ctx, page) {
  await staffOf(db, ctx);
  const [rows, counts] = await Promise.all([
    db.query(
      `select ${naiveOrderColumns}
       from (select * from orders where pharmacy_id = $1 and deleted_at is null
             order by id desc limit 20 offset $2) o
       join pharmacy ph on ph.id = o.pharmacy_id join account a on a.id = o.account_id
       left join lateral (select x.courier_code, x.tracking_no from order_express x where x.order_id = o.id
                          order by x.id desc limit 1) e on true
       order by o.id desc`,
      [ctx.pharmacyId, (page - 1) * 20],
    ),
    db.query(
      `select count(*)::int as all, ${[
        'pending_payment',
        'pending_review',
        'pending_shipment',
        'shipped',
        'completed',
        'cancelled',
      ]
        .map((s) => `count(*) filter (where status = '${s}')::int as ${s}`)
        .join(', ')}
       from orders where pharmacy_id = $1 and deleted_at is null`,
      [ctx.pharmacyId],
    ),
  ]);
  return { list: rows.rows, total: counts.rows[0].all, page, page_size: 20, counts: counts.rows[0] };
}

// The clinical lists' naive routes (issue 13's baseline): the tab's 20 newest rows by LIMIT 20 with their joins and line
// texts, then the total and every tab's count by count(*) over the owner's prescriptions.
const naiveRecipeColumns = `r.id, r.recipe_no, r.status, r.patient_name, r.patient_gender, r.patient_age, r.diagnoses,
  coalesce((select string_agg((x.e->>'name') || ' ×' || (x.e->>'qty'), '、' order by x.n)
    from jsonb_array_elements(r.items) with ordinality x(e, n)), '') as items_text,
  jsonb_array_length(r.items) as item_count, jsonb_array_length(r.warnings) as warning_count, a.name as doctor_name,
  r.pharmacy_id, ph.name as pharmacy_name, r.order_id, o.order_no, r.created_at, r.inspected_at`;
const recipeStatuses = ['pending_inspection', 'approved', 'rejected', 'void'];
const recipeCounts = (owner) =>
  `select count(*)::int as all, ${recipeStatuses.map((s) => `count(*) filter (where status = '${s}')::int as ${s}`).join(', ')}
   from recipe where ${owner} = $1`;

async function naiveRecipePage(db, where, ownerColumn, ownerId, status) {
  const [rows, counts] = await Promise.all([
    db.query(
      `select ${naiveRecipeColumns}
       from (select * from recipe where ${where} order by id desc limit 20) r
       join doctor d on d.id = r.doctor_id join account a on a.id = d.account_id
       join pharmacy ph on ph.id = r.pharmacy_id left join orders o on o.id = r.order_id
       order by r.id desc`,
      status ? [ownerId, status] : [ownerId],
    ),
    db.query(recipeCounts(ownerColumn), [ownerId]),
  ]);
  const c = counts.rows[0];
  return { list: rows.rows, total: status ? c[status] : c.all, page: 1, page_size: 20, counts: c };
}

/** The pharmacist's list (the default tab 待审方) of the pharmacy in the `pharmacyid` header. */
async function naivePharmacistPage(db, ctx) {
  const { rows } = await db.query(
    `select a.id from session s join account a on a.id = s.account_id
     join pharmacy_member m on m.account_id = a.id and m.pharmacy_id = $2 and m.status = 'active' and m.role = 'pharmacist'
     where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now() and a.status = 'active'`,
    [ctx.tokenHash, ctx.pharmacyId],
  );
  if (!rows[0]) throw new Error('not a pharmacist of this pharmacy');
  return naiveRecipePage(db, 'pharmacy_id = $1 and status = $2', 'pharmacy_id', ctx.pharmacyId, 'pending_inspection');
}

/** The doctor's list (all tabs) of the signed-in doctor. */
async function naiveDoctorPage(db, ctx) {
  const { rows } = await db.query(
    `select d.id from session s join account a on a.id = s.account_id join doctor d on d.account_id = a.id
     where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now() and a.status = 'active'
       and d.status = 'active'`,
    [ctx.tokenHash],
  );
  if (!rows[0]) throw new Error('not a doctor');
  return naiveRecipePage(db, 'doctor_id = $1', 'doctor_id', rows[0].id);
}

/** The session's account when it is an active operator holding `all` (the dashboard's key). */
async function operatorOf(db, ctx) {
  const { rows } = await db.query({
    name: 'bare_operator_all',
    text: `select a.id from session s join account a on a.id = s.account_id
     join admin_profile p on p.account_id = a.id and p.status = 'active' and 'all' = any(p.admin_permissions)
     where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now() and a.status = 'active'`,
    values: [ctx.tokenHash],
  });
  return rows[0]?.id;
}

// The dashboard as the product serves it: the operator checked on every request, the figures (bench/dashboard.mjs,
// the product's statements) computed once per end day and kept 60 s, one computation at a time.
const dashboards = new Map();
async function dashboardServed(db, ctx, days) {
  if (!(await operatorOf(db, ctx))) throw new Error('not an operator holding all');
  const dateTo = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const key = `${days}|${dateTo}`;
  const hit = dashboards.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = runDashboardStatements(db, dateTo, days);
  dashboards.set(key, { until: Date.now() + 60_000, value });
  value.catch(() => dashboards.delete(key));
  return value;
}

export const targets = [
  {
    name: 'user/info/me',
    path: '/api/v1/user/info/me',
    as: 'user',
    // The budget's baseline: one indexed lookup of the session and its account.
    bare: async (db, ctx) =>
      (
        await db.query(
          `select a.id, a.phone, a.phone_user_id, a.name, a.head_img_url, a.e_commerce from session s
           join account a on a.id = s.account_id
           where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now()`,
          [ctx.tokenHash],
        )
      ).rows[0],
  },
  {
    name: 'message/unread_count',
    path: '/api/v1/message/unread_count',
    as: 'user',
    bare: async (db, ctx) => ({ count: (await listCounts(db, 'message', await accountId(db, ctx))).unread ?? 0 }),
  },
  {
    name: 'message/list page 1',
    path: '/api/v1/message/list?page=1&page_size=20',
    as: 'user',
    bare: (db, ctx) => messagePage(db, ctx, 1),
  },
  {
    name: 'message/list page 500',
    path: '/api/v1/message/list?page=500&page_size=20',
    as: 'user',
    bare: (db, ctx) => messagePage(db, ctx, 500),
  },
  {
    name: 'mp/cms/medicines search 布洛芬',
    path: `/api/v1/mp/cms/medicines?q=${encodeURIComponent('布洛芬')}&page=1&page_size=20`,
    bare: (db) => medicineSearch(db, '布洛芬'),
  },
  {
    name: 'scms/items/product filter + filter_count',
    path: `/scms/items/product?limit=20&filter[type][_eq]=OTC&filter[name][_contains]=${encodeURIComponent('布洛芬')}&meta=filter_count`,
    bare: async (db) => {
      const where = `status = 'active' and type = $1 and name like $2`;
      const params = ['OTC', '%布洛芬%'];
      const [rows, count] = await Promise.all([
        db.query(
          `select id, created_at, updated_at, name, generic_name, spec, dosage_form, manufacturer, approval_no, barcode,
                  type, category_id, images, instructions, status
           from product where ${where} order by id limit 20`,
          params,
        ),
        db.query(`select count(*)::int as count from product where ${where}`, params),
      ]);
      return { data: rows.rows, meta: { filter_count: count.rows[0].count } };
    },
  },
  {
    name: 'pharmacy/quote page 1',
    path: '/api/v1/pharmacy/quote?page=1&page_size=20',
    as: 'staff',
    bare: (db, ctx) => quotePage(db, ctx),
  },
  {
    name: 'pharmacy/quote filtered search',
    path: `/api/v1/pharmacy/quote?page=1&page_size=20&status=on_shelf&keyword=${encodeURIComponent('布洛芬')}`,
    as: 'staff',
    bare: (db, ctx) => quoteSearch(db, ctx, '布洛芬', 'on_shelf'),
  },
  {
    // 压测药房1号店's 20,000 orders (scripts/seed-large.mjs): page 1 with its total and every tab's count
    name: 'orders/pharmacy page 1',
    path: '/api/v1/orders/pharmacy?page=1&page_size=20',
    as: 'staff',
    bare: (db, ctx) => naiveOrderPage(db, ctx, 1),
  },
  {
    name: 'orders/pharmacy page 501 (offset 10,000)',
    path: '/api/v1/orders/pharmacy?page=501&page_size=20',
    as: 'staff',
    bare: (db, ctx) => naiveOrderPage(db, ctx, 501),
  },
  {
    // the pharmacist 13700000003 of 压测药房1号店 (4,000 prescriptions, 400 waiting; scripts/seed-large.mjs): 待审方
    // page 1 with its total and every tab's count
    name: 'recipe/pharmacist page 1',
    path: '/api/v1/recipe/pharmacist?page=1&page_size=20',
    as: 'pharmacist',
    bare: (db, ctx) => naivePharmacistPage(db, ctx),
  },
  {
    // the bench doctor 13700001001 (10,000 prescriptions over the 50 bench pharmacies): all tabs, page 1 with counts
    name: 'recipe/doctor page 1',
    path: '/api/v1/recipe/doctor?page=1&page_size=20',
    as: 'doctor',
    bare: (db, ctx) => naiveDoctorPage(db, ctx),
  },
  {
    // 数据看板 of the operator over the last 30 days (1,000,000 orders, 200,000 prescriptions, 50 pharmacies), as
    // served: the instance's answer is kept 60 s (bench/dashboard.mjs measures it uncached)
    name: 'admin/dashboard/overview 30d',
    path: '/api/v1/admin/dashboard/overview?range=30d',
    as: 'operator',
    bare: (db, ctx) => dashboardServed(db, ctx, 30),
  },
];

/**
 * The console's pages that `npm run bench` measures, and the Lighthouse presets each is held to
 * (budgets in bench/budgets.json). The public pages are opened on phones: mobile and desktop. The staff console is a
 * desktop tool, so its pages (`/message`, signed in) are measured on the desktop preset only.
 */
export const frontendPages = [
  { path: '/login', presets: ['desktop', 'mobile'] },
  { path: '/', presets: ['desktop', 'mobile'] },
  { path: '/medicine/list', presets: ['desktop', 'mobile'] },
  { path: '/message', signedIn: true, presets: ['desktop'] },
];

/**
 * The chat room's delivery (issue 14; bench/chat-ws.mjs, run by bench/run.mjs unless `--skip-chat`): `clients`
 * patient WebSockets on one instance, `rate` messages a second spread over them for `seconds`, each measured from
 * its send request to its frame at the patient's socket; then the same with the sockets split over two instances on
 * one PostgreSQL and every message sent through the other instance. Every acknowledged message must arrive once.
 */
export const chatTargets = {
  clients: 1000,
  rate: 100,
  seconds: 30,
  one_instance_p99_ms: 100,
  two_instances_p99_ms: 200,
  max_lost: 0,
};

/**
 * The live classes' team statistics (issue 15; bench/team-stat.mjs, run by bench/run.mjs unless `--skip-team-stat`):
 * a year of one pharmacy with `heartbeats` viewer heartbeats (and their live_watch aggregates), `patients` patients
 * owned by `staff` customer-service members in `teams` teams, their exam results and `orders` orders; the one-year
 * `GET /live/team_stat` must answer within `max_p50_ms` / `max_p99_ms` (sequential requests).
 */
export const teamStatTargets = {
  heartbeats: 1_000_000,
  patients: 5000,
  staff: 20,
  teams: 3,
  orders: 10_000,
  max_p50_ms: 300,
  max_p99_ms: 300,
};

/**
 * The live classes' viewer heartbeats (issue 15; bench/live-heartbeat.mjs, run by bench/run.mjs unless
 * `--skip-heartbeat`): `viewers` enrolled patients beat one live on air in turn at the bench's connections; one
 * product instance on PostgreSQL must answer at least `min_beats_per_s` (10,000 viewers beating every 5 s are 2,000/s),
 * with no error and live_watch reconciling with live_heartbeat.
 */
export const heartbeatTargets = {
  viewers: 20_000,
  min_beats_per_s: 3000,
};
