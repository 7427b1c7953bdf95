// Loads the large benchmark data set into a PostgreSQL database that already has the product's schema and demo data.
// Each module adds its tables as one step below. Usage: DATABASE_URL=postgres://… node scripts/seed-large.mjs
import pg from 'pg';

/**
 * One step per table family; each is plain SQL over generate_series so 1 M rows load in seconds (a list of
 * statements runs them one after another, each in its own transaction).
 */
export const seedSteps = [
  {
    name: 'pharmacies (50)',
    sql: `insert into pharmacy (name, city, province, district, address, phone, status)
          select '压测药房' || g || '号店', (array['上海市','北京市','杭州市','广州市','成都市'])[1 + g % 5], '', '', '压测路 ' || g || ' 号',
                 '021-6000' || lpad(g::text, 4, '0'), 'active'
          from generate_series(1, 50) g`,
  },
  {
    // Real-looking names (60 surnames × 40 given names); phones 17xxxxxxxxx, apart from the demo accounts' 138 / 139.
    name: 'accounts (200,000)',
    sql: `insert into account (phone, phone_user_id, name, status)
          select '17' || lpad(g::text, 9, '0'), 'bench-' || g,
                 substr('王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾田董潘袁蔡蒋余杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪', 1 + g % 60, 1) ||
                 (array['建华','志刚','伟','强','磊','军','勇','杰','涛','明','超','俊','国庆','建平','文斌','海波','德明','晓东',
                        '振华','永刚','秀英','丽','敏','静','娟','艳','芳','婷','玉兰','桂芳','雪梅','慧','晓燕','红霞','淑珍',
                        '美玲','佳怡','梦瑶','丽华','春梅'])[1 + (g / 60) % 40],
                 'active'
          from generate_series(1, 200000) g`,
  },
  {
    // 40 per pharmacy: the owner (shop, also pharmacy.owner_account_id), then pharmacy_admin, manager,
    // customer_service and pharmacist in turn, each with its role's keys (apps/server/src/db/seed/demo-data.ts
    // staffPermissions; pharmacist and shop hold none: shop passes by role).
    name: 'pharmacy staff (2,000: 40 per pharmacy, every role)',
    sql: `insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
          select p.id, a.id, r.role,
                 case r.role when 'pharmacy_admin' then '{all}'::text[]
                   when 'manager' then '{order_read_pharmacy,order_statistics,account_permission,channel_manage,quote_set}'::text[]
                   when 'customer_service' then '{order_read_pharmacy,quote_set}'::text[]
                   else '{}'::text[] end
          from (select id, rn / 100 - 1 as k
                from (select id, row_number() over (order by id) rn from account where phone like '17%') x
                where rn % 100 = 0) a
          join (select id, row_number() over (order by id) - 1 rn from pharmacy where name like '压测药房%') p
            on p.rn = a.k % 50
          cross join lateral (select case when a.k / 50 = 0 then 'shop'
                 else (array['pharmacy_admin','manager','customer_service','pharmacist'])[1 + (a.k / 50 - 1) % 4] end as role) r;
          update pharmacy set owner_account_id = m.account_id from pharmacy_member m
          where m.pharmacy_id = pharmacy.id and m.role = 'shop' and pharmacy.name like '压测药房%'`,
  },
  {
    // The account the benchmark signs in as for the pharmacy console (bench/run.mjs): pharmacy_admin with every key
    // of the first bench pharmacy (20,000 quotes), the demo password.
    name: 'benchmark staff account 13700000001 (pharmacy_admin of 压测药房1号店)',
    sql: `insert into account (phone, phone_user_id, name, status, password_hash)
          select '13700000001', 'bench-staff', '压测店长', 'active', password_hash from account where phone = '13800000002';
          insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
          select (select min(id) from pharmacy where name like '压测药房%'), id, 'pharmacy_admin', '{all}'
          from account where phone = '13700000001'`,
  },
  {
    name: 'member channels (3 per pharmacy)',
    sql: `insert into channel (pharmacy_id, name, scene, scan_count, member_count)
          select p.id, c.name, 'bench-' || p.id || '-' || c.i, 500 + (p.id * 37 + c.i * 101) % 3000, 0
          from pharmacy p cross join (values (1, '门店扫码'), (2, '公众号菜单'), (3, '社群活动')) c(i, name)
          where p.name like '压测药房%'`,
  },
  {
    // Every bench account a member of one pharmacy (4,000 each): levels 1–5 weighted to the low ones, points by
    // level, three in four from a channel, tags from the demo members' vocabulary (高价值 from level 4).
    name: 'members (200,000 over the 50 pharmacies)',
    sql: `insert into viper (pharmacy_id, account_id, level, points, channel_id, tags, remark, created_at)
          select ph.ids[1 + a.rn % 50], a.id, lv.level,
                 (array[0, 300, 1200, 3500, 8000])[lv.level] + (a.rn * 37) % 900,
                 case when a.rn % 4 = 0 then null
                      else (select c.id from channel c where c.scene = 'bench-' || ph.ids[1 + a.rn % 50] || '-' || (1 + a.rn % 3)) end,
                 (case a.rn % 7 when 0 then '{慢病,老年人,复购}'::text[] when 1 then '{宝妈,母婴}'::text[]
                    when 2 then '{新客}'::text[] when 3 then '{高血压家属,复购}'::text[]
                    when 4 then '{慢病,糖尿病,复购}'::text[] when 5 then '{过敏体质}'::text[] else '{}'::text[] end)
                   || case when lv.level >= 4 then '{高价值}'::text[] else '{}'::text[] end,
                 case when a.rn % 11 = 0 then '偏好上午送药' else '' end,
                 now() - ((a.rn % 900) || ' days')::interval
          from (select id, row_number() over (order by id) rn from account where phone like '17%') a
          cross join (select array_agg(id order by id) ids from pharmacy where name like '压测药房%') ph
          cross join lateral (select (array[1, 1, 1, 2, 2, 2, 3, 3, 4, 5])[1 + (a.rn / 50) % 10] as level) lv;
          update channel c set member_count = v.n from (select channel_id, count(*) n from viper group by 1) v
          where v.channel_id = c.id and c.scene like 'bench-%'`,
  },
  {
    // One statement per 5,000 rows, each its own transaction: list_count's triggers take one advisory lock per
    // account a statement writes (migration 0009), and the server's lock table (max_locks_per_transaction × connections,
    // 12,800 here) cannot hold the 200,000 of one statement over every account (docs/lists.md, "Concurrent writers").
    name: 'messages (1,000,000: 20,000 for the benchmark account, the rest spread over the accounts)',
    sql: Array.from({ length: 200 }, (_, i) => {
      const from = i * 5000 + 1;
      return `insert into message (account_id, kind, title, content, read_at, created_at)
          select case when g <= 20000 then (select id from account where phone = '13800000002')
                      else (select min(id) from account where phone like '17%') + (g % 200000) end,
                 (array['system','order','recipe','live','chat'])[1 + g % 5],
                 '压测通知 ' || g, '这是第 ' || g || ' 条压测消息，用于衡量消息列表与未读数的性能。',
                 case when g % 3 = 0 then null else now() end,
                 now() - (g || ' seconds')::interval
          from generate_series(${from}, ${from + 4999}) g`;
    }),
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

/**
 * The lists' counters (list_count, kept by the triggers of migration 0007 as the steps above insert) against
 * count(*) of the rows: the benchmark's totals are only worth measuring when they are right.
 */
export async function verifyListCounts(client, log = console.log) {
  const started = Date.now();
  const { rows } = await client.query(`
    with real as (
      select 'quote' as scope, pharmacy_id as owner_id, status as bucket, count(*) as n from quote group by 1, 2, 3
      union all
      select 'message', account_id, case when read_at is null then 'unread' else 'read' end, count(*)
      from message where deleted_at is null group by 1, 2, 3)
    , kept as (select * from list_count where scope in ('quote', 'message'))
    select count(*)::int as wrong, (select count(*)::int from kept) as counters
    from real r full join kept k using (scope, owner_id, bucket)
    where coalesce(r.n, 0) <> coalesce(k.n, 0)`);
  const { wrong, counters } = rows[0];
  if (wrong > 0) throw new Error(`list_count: ${wrong} of ${counters} counters differ from count(*)`);
  log(`  list_count: ${counters} counters equal count(*) (checked in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export async function seedLarge(url, log = console.log) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const step of seedSteps) {
      const started = Date.now();
      for (const statement of [step.sql].flat()) await client.query(statement);
      log(`  seeded ${step.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // As autovacuum would leave a settled database: statistics, and a visibility map for index-only scans.
    await client.query('vacuum analyze');
    await verifyListCounts(client, log);
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
