// The product's hot endpoints, each beside the hand-written SQL a bare Fastify + pg route runs for the same answer.
// A module adds its endpoint here as one entry; the bare server and the runner pick it up.

const sessionAccount = `select a.id from session s join account a on a.id = s.account_id
  where s.token_sha256 = $1 and s.revoked_at is null and s.expires_at > now()`;

async function accountId(db, ctx) {
  const { rows } = await db.query(sessionAccount, [ctx.tokenHash]);
  return rows[0]?.id;
}

async function messagePage(db, ctx, page) {
  const id = await accountId(db, ctx);
  const [list, total] = await Promise.all([
    db.query(
      `select m.id, m.kind, m.title, m.content, m.link, m.read_at, m.created_at from message m
       join (select id from message where account_id = $1 and deleted_at is null order by id desc limit 20 offset $2) p
         on p.id = m.id
       order by m.id desc`,
      [id, (page - 1) * 20],
    ),
    db.query('select count(*)::int n from message where account_id = $1 and deleted_at is null', [id]),
  ]);
  return { list: list.rows, total: total.rows[0].n, page, page_size: 20 };
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

export const targets = [
  {
    name: 'user/info/me',
    path: '/api/v1/user/info/me',
    auth: true,
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
    auth: true,
    bare: async (db, ctx) => {
      const id = await accountId(db, ctx);
      const { rows } = await db.query(
        'select count(*)::int n from message where account_id = $1 and read_at is null and deleted_at is null',
        [id],
      );
      return { count: rows[0].n };
    },
  },
  {
    name: 'message/list page 1',
    path: '/api/v1/message/list?page=1&page_size=20',
    auth: true,
    bare: (db, ctx) => messagePage(db, ctx, 1),
  },
  {
    name: 'message/list page 500',
    path: '/api/v1/message/list?page=500&page_size=20',
    auth: true,
    bare: (db, ctx) => messagePage(db, ctx, 500),
  },
  {
    name: 'mp/cms/medicines search 布洛芬',
    path: `/api/v1/mp/cms/medicines?q=${encodeURIComponent('布洛芬')}&page=1&page_size=20`,
    auth: false,
    bare: (db) => medicineSearch(db, '布洛芬'),
  },
  {
    name: 'scms/items/product filter + filter_count',
    path: `/scms/items/product?limit=20&filter[type][_eq]=OTC&filter[name][_contains]=${encodeURIComponent('布洛芬')}&meta=filter_count`,
    auth: false,
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
