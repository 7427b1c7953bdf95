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
  {
    // Realistic names from 24 generics × 8 forms, so a Chinese substring (布洛芬) matches about 1 in 24 products;
    // barcodes start with 68 (the demo catalogue's with 69), which is how the quote step finds these rows.
    name: 'products (100,000)',
    sql: `insert into product (name, generic_name, spec, dosage_form, manufacturer, approval_no, barcode, type, category_id, images, instructions, status)
          select gn.v || fm.v, gn.v || fm.v, ((g % 9) + 1) * 5 || 'mg*' || (12 + (g % 4) * 6) || fm.unit || '/盒', fm.v,
                 (array['华北制药股份有限公司','石药集团欧意药业有限公司','扬子江药业集团有限公司','修正药业集团股份有限公司',
                        '哈药集团制药总厂','广州白云山制药股份有限公司','浙江海正药业股份有限公司','齐鲁制药有限公司'])[1 + g % 8],
                 '国药准字' || (array['H','Z','H','H','S'])[1 + g % 5] || lpad((20000000 + g)::text, 8, '0'),
                 '68' || lpad(g::text, 11, '0'),
                 (array['RX','OTC','OTC','RX','HERBAL','NON_DRUG','OTC','RX','OTC','RX'])[1 + g % 10],
                 c.ids[1 + g % array_length(c.ids, 1)], '{}',
                 jsonb_build_object('indications', '用于' || gn.v || '相关适应症的压测说明。', 'storage', '密封，置阴凉干燥处。'),
                 'active'
          from generate_series(1, 100000) g
          cross join lateral (select (array['布洛芬','对乙酰氨基酚','阿莫西林','头孢克肟','氯雷他定','二甲双胍','阿托伐他汀','奥美拉唑',
                 '蒙脱石','板蓝根','连花清瘟','维生素C','硝苯地平','缬沙坦','氨溴索','甲硝唑','左氧氟沙星','阿奇霉素','布地奈德',
                 '复方甘草','感冒灵','六味地黄','藿香正气','健胃消食'])[1 + (g / 8) % 24] as v) gn
          cross join lateral (select (array['片','胶囊','缓释胶囊','颗粒','口服溶液','分散片','软膏','丸'])[1 + g % 8] as v,
                 (array['片','粒','粒','袋','支','片','支','丸'])[1 + g % 8] as unit) fm
          cross join (select array_agg(id order by id) ids from category where parent_id is not null) c`,
  },
  {
    // Ten distinct bench pharmacies per product: offsets k*5 (k = 0…9) stay distinct modulo 50.
    name: 'quotes (1,000,000 over the 50 bench pharmacies)',
    sql: `insert into quote (pharmacy_id, product_id, price, original_price, stock, status, is_top, sort, sales_count)
          select ph.ids[1 + ((p.rn * 7 + k * 5) % 50)], p.id,
                 round((3 + (p.rn % 300) * 0.5 + k * 0.37)::numeric, 2),
                 case when (p.rn + k) % 3 = 0 then null else round((4 + (p.rn % 300) * 0.6 + k * 0.41)::numeric, 2) end,
                 (p.rn * 13 + k) % 800, case when (p.rn + k) % 20 = 0 then 'off_shelf' else 'on_shelf' end,
                 (p.rn + k) % 50 = 0, p.rn, ((p.rn * 37 + k * 101) % 5000)
          from (select id, row_number() over (order by id) rn from product where barcode like '68%') p
          cross join generate_series(0, 9) k
          cross join (select array_agg(id order by id) ids from pharmacy where name like '压测药房%') ph`,
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
    // As autovacuum would leave a settled database: statistics, and a visibility map for index-only scans.
    await client.query('vacuum analyze');
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
