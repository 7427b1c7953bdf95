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
      `select id, kind, title, content, link, read_at, created_at from message
       where account_id = $1 and deleted_at is null order by id desc limit 20 offset $2`,
      [id, (page - 1) * 20],
    ),
    db.query('select count(*)::int n from message where account_id = $1 and deleted_at is null', [id]),
  ]);
  return { list: list.rows, total: total.rows[0].n, page, page_size: 20 };
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
];
