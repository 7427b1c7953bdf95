// Loads the large benchmark data set into a PostgreSQL database that already has the product's schema and demo data.
// Each module adds its tables as one step below. Usage: DATABASE_URL=postgres://… node scripts/seed-large.mjs
import pg from 'pg';

/** One step per table family; each is plain SQL over generate_series so 1 M rows load in seconds. */
export const seedSteps = [
  {
    name: 'pharmacies (50)',
    sql: `insert into pharmacy (name, city, province, district, address, phone, status)
          select '压测药房' || g || '号店', (array['上海市','北京市','杭州市','广州市','成都市'])[1 + g % 5], '', '', '压测路 ' || g || ' 号',
                 '021-6000' || lpad(g::text, 4, '0'), 'active'
          from generate_series(1, 50) g`,
  },
  {
    name: 'accounts (200,000)',
    sql: `insert into account (phone, phone_user_id, name, status)
          select '17' || lpad(g::text, 9, '0'), 'bench-' || g, '压测用户' || g, 'active'
          from generate_series(1, 200000) g`,
  },
  {
    name: 'pharmacy members (one staff member per 100 accounts)',
    sql: `insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
          select p.id, a.id, (array['pharmacy_admin','manager','customer_service'])[1 + a.id % 3], '{all}'
          from (select id, row_number() over (order by id) rn from account where phone like '17%') a
          join (select id, row_number() over (order by id) - 1 rn from pharmacy where name like '压测药房%') p
            on p.rn = (a.rn / 100) % 50
          where a.rn % 100 = 0`,
  },
  {
    name: 'messages (1,000,000: 20,000 for the benchmark account, the rest spread over the accounts)',
    sql: `insert into message (account_id, kind, title, content, read_at, created_at)
          select case when g <= 20000 then (select id from account where phone = '13800000002')
                      else (select min(id) from account where phone like '17%') + (g % 200000) end,
                 (array['system','order','recipe','live','chat'])[1 + g % 5],
                 '压测通知 ' || g, '这是第 ' || g || ' 条压测消息，用于衡量消息列表与未读数的性能。',
                 case when g % 3 = 0 then null else now() end,
                 now() - (g || ' seconds')::interval
          from generate_series(1, 1000000) g`,
  },
];

export async function seedLarge(url, log = console.log) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const step of seedSteps) {
      const started = Date.now();
      await client.query(step.sql);
      log(`  seeded ${step.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required');
    process.exit(2);
  }
  await seedLarge(url);
}
