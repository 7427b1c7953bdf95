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
  ...ordersSteps(),
  ...clinicalSteps(),
  ...operatorSteps(),
];

/**
 * 1,000,000 orders over the 50 bench pharmacies (20,000 each), one every 31.5 s over the last year, oldest first, so
 * ids and order numbers grow with time; 1–3 lines each from the pharmacy's own quotes (about 2,000,000 lines), with
 * totals from those lines (goods = Σ price × qty, freight 6.00 under 99.00, pay = goods + freight). The last day
 * holds every open state; the last week shipped and completed ones; older orders are completed (90 %) or cancelled
 * (10 %, half of them after payment and refunded). Every order has its payment, every paid one its settlement
 * (fee 0.60 % rounded half up, settled when completed, refunded when cancelled), every one shipped in the last 60 days an express record in its courier's number format; shipped ones tracking events. Stock is the quotes' current stock
 * (these orders are history). An order's lines follow from its number in the set (bench_quote, below), so its
 * totals and its lines come from the same formula; the order inserts run in ten statements of 100,000 (list_count's
 * triggers count them, migration 0012).
 */
function ordersSteps() {
  const bench = `(select id from pharmacy where name like '压测药房%')`;
  const orderG = `right(o.order_no, 10)::int`;
  const places = [
    ['上海市', '上海市', '浦东新区'],
    ['浙江省', '杭州市', '西湖区'],
    ['江苏省', '南京市', '鼓楼区'],
    ['北京市', '北京市', '朝阳区'],
    ['广东省', '广州市', '天河区'],
    ['广东省', '深圳市', '南山区'],
    ['四川省', '成都市', '武侯区'],
    ['湖北省', '武汉市', '洪山区'],
    ['山东省', '青岛市', '市南区'],
    ['福建省', '厦门市', '思明区'],
    ['河南省', '郑州市', '金水区'],
    ['湖南省', '长沙市', '岳麓区'],
  ];
  // every bench pharmacy's quotes numbered 0…n-1 (bench_quote); n is the smallest pharmacy's count
  const quotesEach = `(select min(n)::int from (select count(*) n from bench_quote group by pharmacy_id) c)`;
  const arr = (i) => `array[${places.map((p) => `'${p[i]}'`).join(',')}]`;
  // An order's line summary (item_count, items_text: migration 0027) from the same lines, in k order; the lines are
  // inserted in (order, k) order, so their ids follow k.
  const orderChunk = (from, to) => `
    insert into orders (order_no, pharmacy_id, account_id, kind, has_rx, status, goods_amount, freight, discount,
      pay_amount, patient_name, patient_gender, patient_age, receiver_name, receiver_phone, province, city, district,
      address_detail, pay_method, created_at, updated_at, paid_at, shipped_at, auto_confirm_at, completed_at,
      completed_by, cancelled_at, cancel_reason, cancelled_by, item_count, items_text)
    select to_char(t.created at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(l.g::text, 10, '0'),
      l.pharmacy_id, a.id,
      case when l.rx then 'rx' when l.g % 97 = 0 then 'proxy' else 'normal' end, l.rx, s.status,
      l.goods, f.freight, 0, l.goods + f.freight,
      a.name, case when l.s % 2 = 0 then 'female' else 'male' end, 18 + l.s % 60,
      a.name, a.phone, (${arr(0)})[1 + l.s % 12], (${arr(1)})[1 + l.s % 12], (${arr(2)})[1 + l.s % 12],
      (array['人民路','解放路','中山路','建设路','文三路','世纪大道'])[1 + l.s % 6] || ' ' || (1 + l.s % 300) || ' 号 '
        || (1 + l.g % 20) || ' 栋 ' || (101 + l.g % 1800) || ' 室',
      'offline', t.created, coalesce(ts.completed, ts.cancelled, ts.shipped, ts.paid, t.created),
      ts.paid, ts.shipped, case when s.status = 'shipped' then ts.shipped + interval '7 days' end, ts.completed,
      case when s.status = 'completed' then (array['user','delivery','auto'])[1 + l.g % 3] end,
      ts.cancelled,
      case when s.status <> 'cancelled' then '' when s.paid then '买错规格' else '超时未支付，系统自动取消' end,
      case when s.status <> 'cancelled' then null when s.paid then 'buyer' else 'system' end,
      l.n, order_items_text(l.names, l.qtys)
    from (select g, ph.ids[1 + g % 50] as pharmacy_id from generate_series(${from}, ${to}) g
          cross join (select array_agg(id order by id) ids from pharmacy where name like '压测药房%') ph) o
    cross join lateral (select o.g, o.g / 50 as s, o.pharmacy_id, sum(b.price * (1 + (o.g + k) % 3)) as goods,
          bool_or(b.type = 'RX') as rx, count(*)::int as n, array_agg(b.name order by k) as names,
          array_agg(1 + (o.g + k) % 3 order by k) as qtys
        from generate_series(0, o.g % 3) k
        join bench_quote b on b.pharmacy_id = o.pharmacy_id and b.rn = ((o.g / 50) * 7 + k * 4999) % ${quotesEach}) l
    join account a on a.phone = '17' || lpad((1 + (l.g::bigint * 7919) % 200000)::text, 9, '0')
    cross join lateral (select ((1000000 - l.g) * 31.5 + 60) as secs) x
    cross join lateral (select now() - x.secs * interval '1 second' as created, x.secs / 86400.0 as age) t
    cross join lateral (select case when l.goods >= 99 then 0 else 6 end::numeric(12, 2) as freight) f
    cross join lateral (select case
        when t.age < 1 then (array['pending_payment','pending_payment','pending_review','pending_shipment',
          'pending_shipment','pending_shipment','shipped','shipped','shipped','cancelled'])[1 + l.s % 10]
        when t.age < 7 then (array['shipped','shipped','shipped','shipped','completed','completed','completed',
          'completed','completed','cancelled'])[1 + l.s % 10]
        when l.s % 20 < 2 then 'cancelled' else 'completed' end as st) s0
    cross join lateral (select case when s0.st = 'pending_review' and not l.rx then 'pending_shipment' else s0.st end
        as status,
        s0.st not in ('pending_payment', 'cancelled') or (s0.st = 'cancelled' and (l.s / 20) % 2 = 0) as paid) s
    cross join lateral (select
        case when s.paid then t.created + least(interval '10 minutes', t.age * interval '0.1 day') end as paid,
        case when s.status in ('shipped', 'completed') then t.created + least(interval '20 hours', t.age * interval '0.5 day') end as shipped,
        case when s.status = 'completed' then t.created + least(interval '4 days', t.age * interval '0.8 day') end as completed,
        case when s.status = 'cancelled' then t.created + least(case when s.paid then interval '5 hours' else interval '30 minutes' end,
          t.age * interval '0.5 day') end as cancelled) ts`;
  return [
    {
      // g mod 50 picks an order's pharmacy, so its state and the rest are picked by g / 50 (else every order of a
      // pharmacy would share them). Each bench pharmacy's quotes numbered 0…n-1: an order's lines are the quotes ((g / 50) × 7 + k × 4999) mod n of its
      // pharmacy (k = 0 … g mod 3), qty 1 + (g + k) mod 3, g the order's number in the set; the orders' totals and
      // their lines are computed from the same formula.
      name: 'bench quotes numbered (staging for the orders)',
      sql: `drop table if exists bench_quote;
        create unlogged table bench_quote as
          select q.pharmacy_id, (row_number() over (partition by q.pharmacy_id order by q.id) - 1)::int as rn,
                 q.id as quote_id, q.product_id, q.price, p.name, p.spec, p.type, p.approval_no
          from quote q join product p on p.id = q.product_id
          where q.pharmacy_id in ${bench} and q.price > 0;
        create unique index on bench_quote (pharmacy_id, rn);
        analyze bench_quote`,
    },
    {
      name: 'orders (1,000,000 over the 50 bench pharmacies, ten statements)',
      sql: Array.from({ length: 10 }, (_, i) => orderChunk(i * 100000 + 1, (i + 1) * 100000)),
    },
    {
      name: 'order lines (about 2,000,000, by the same formula)',
      sql: `insert into order_item (order_id, quote_id, product_id, name, spec, product_type, approval_no, price, qty,
              subtotal, created_at, updated_at)
            select o.id, b.quote_id, b.product_id, b.name, b.spec, b.type, b.approval_no, b.price, 1 + (x.g + k) % 3,
                   b.price * (1 + (x.g + k) % 3), o.created_at, o.created_at
            from orders o
            cross join lateral (select ${orderG} as g) x
            cross join lateral generate_series(0, x.g % 3) k
            join bench_quote b on b.pharmacy_id = o.pharmacy_id and b.rn = ((x.g / 50) * 7 + k * 4999) % ${quotesEach}
            where o.pharmacy_id in ${bench}
            order by o.id, k;
            drop table bench_quote;
            -- the product's next order numbers come after the set's (today's set orders carry numbers near 1,000,000)
            select setval('order_no_seq', greatest((select last_value from order_no_seq), 1000000))`,
    },
    {
      name: 'order payments and settlements',
      sql: `insert into order_payment (order_id, pharmacy_id, provider, amount, status, provider_ref, paid_at,
              refunded_at, created_at, updated_at)
            select o.id, o.pharmacy_id, 'offline', o.pay_amount,
                   case when o.paid_at is null then case when o.status = 'cancelled' then 'closed' else 'pending' end
                        when o.status = 'cancelled' then 'refunded' else 'paid' end,
                   '', o.paid_at, case when o.status = 'cancelled' and o.paid_at is not null then o.cancelled_at end,
                   o.created_at, o.updated_at
            from orders o where o.pharmacy_id in ${bench};
            insert into settlement (order_id, pharmacy_id, pay_amount, fee_rate, platform_fee, settle_amount,
              refund_amount, status, paid_at, settled_at, refunded_at, created_at, updated_at)
            select o.id, o.pharmacy_id, o.pay_amount, 0.0060, f.fee, o.pay_amount - f.fee,
                   case when o.status = 'cancelled' then o.pay_amount else 0 end,
                   case o.status when 'completed' then 'settled' when 'cancelled' then 'refunded' else 'pending' end,
                   o.paid_at, o.completed_at, case when o.status = 'cancelled' then o.cancelled_at end,
                   o.paid_at, o.updated_at
            from orders o cross join lateral (select round(o.pay_amount * 0.0060, 2) as fee) f
            where o.pharmacy_id in ${bench} and o.paid_at is not null`,
    },
    {
      // Numbers in each courier's format (detectCourier reads them back: SF + 13 digits, YT…, ZTO7…, YD43…, 77…).
      // Orders shipped in the last 60 days (~160,000): what the list's courier column and tracking-number filter read.
      name: 'order express records (orders shipped in the last 60 days) and tracking events (shipped ones)',
      sql: `insert into order_express (order_id, pharmacy_id, courier_code, company_name, tracking_no, source, shipped_at,
              created_at, updated_at)
            select o.id, o.pharmacy_id, c.code, c.name,
                   case c.code when 'SF' then 'SF' || (1000000000000 + x.g * 9973)::text
                     when 'YT' then 'YT' || (7500000000000 + x.g)::text
                     when 'ZTO' then 'ZTO7' || lpad(x.g::text, 11, '0')
                     when 'YD' then 'YD43' || lpad(x.g::text, 11, '0')
                     else '77' || lpad(x.g::text, 11, '0') end,
                   case when x.g % 7 = 0 then 'batch' else 'manual' end, o.shipped_at, o.shipped_at, o.shipped_at
            from orders o
            cross join lateral (select ${orderG}::bigint as g) x
            cross join lateral (select (array['SF','YT','ZTO','YD','STO'])[1 + (x.g / 50) % 5] as code,
                   (array['顺丰速运','圆通速递','中通快递','韵达快递','申通快递'])[1 + (x.g / 50) % 5] as name) c
            where o.pharmacy_id in ${bench} and o.status in ('shipped', 'completed')
              and o.shipped_at > now() - interval '60 days';
            insert into order_express_event (express_id, occurred_at, description, location, created_at, updated_at)
            select e.id, e.shipped_at + v.after, v.description, v.location, e.shipped_at + v.after, e.shipped_at + v.after
            from order_express e join orders o on o.id = e.order_id and o.status = 'shipped'
            cross join (values (interval '1 hour', '快件已揽收', '杭州西湖营业点'),
                               (interval '6 hours', '快件已到达【杭州转运中心】', '杭州转运中心'),
                               (interval '20 hours', '快件派送中', '目的地营业部')) v(after, description, location)
            where e.pharmacy_id in ${bench} and e.shipped_at + v.after < now()`,
    },
  ];
}

/**
 * 200,000 prescriptions over the 50 bench pharmacies (4,000 each) and 20 bench doctors (10,000 each), each written for
 * one of its pharmacy's 4,000 latest paid RX orders from its consultation request (prescribed), with 1–3 lines of the
 * set's RX products and coded dosage; statuses by share, so that each pharmacist's waiting tab holds 400 (the newest of
 * each pharmacy) — the bench orders' own pending_review are a handful: approved 90 % of the rest, rejected 7 %, void
 * 3 %, each decided one with its inspection by the pharmacy's pharmacist. 20,000 more requests the doctors added
 * (pending, approved, rejected, cancelled). The accounts the benchmark signs in as: the doctor 13700001001 and the
 * pharmacist 13700000003 of 压测药房1号店 (the demo password). orders.recipe_id is left unset (an update of 200,000
 * orders would only time their triggers).
 */
function clinicalSteps() {
  const bench = `(select id from pharmacy where name like '压测药房%')`;
  const hash = `(select password_hash from account where phone = '13800000002')`;
  return [
    {
      name: 'bench doctors (20) and the bench pharmacist 13700000003 of 压测药房1号店',
      sql: `insert into account (phone, phone_user_id, name, status, password_hash)
            select '1370000' || (1000 + g), 'bench-doctor-' || g,
                   substr('王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高', g, 1) ||
                   (array['文博','明远','建国','晓峰','海涛','丽君','雅琴','志强','慧敏','国华'])[1 + g % 10],
                   'active', ${hash}
            from generate_series(1, 20) g;
            insert into doctor (account_id, hospital, department, title, licence_no, intro, signature_url)
            select a.id, '压测互联网医院', (array['全科医学科','内科','心血管内科','内分泌科'])[1 + a.g % 4],
                   (array['主治医师','副主任医师','主任医师','住院医师'])[1 + a.g % 4], '1101101' || lpad(a.g::text, 8, '0'),
                   '压测医生', '/demo/clinical/signature-zhang-mingyuan.svg'
            from (select id, right(phone, 2)::int as g from account where phone like '137000010%') a;
            insert into account (phone, phone_user_id, name, status, password_hash)
            values ('13700000003', 'bench-pharmacist', '压测药师', 'active', ${hash});
            insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
            select (select min(id) from pharmacy where name like '压测药房%'), id, 'pharmacist', '{}'
            from account where phone = '13700000003'`,
    },
    {
      // One row per prescription to write: the pharmacy's 4,000 latest paid RX orders, numbered newest first (rn).
      name: 'bench prescriptions planned (staging: orders, doctors, lines)',
      sql: `drop table if exists bench_rx_product, bench_recipe;
        create unlogged table bench_rx_product as
          select (row_number() over (order by id) - 1)::int as rn, id, name, generic_name, spec, type, manufacturer
          from product where barcode like '68%' and type = 'RX';
        create unique index on bench_rx_product (rn);
        create unlogged table bench_recipe as
          select o.*, (o.rn * 7 + o.pi) % 20 as doctor_k,
            case when o.rn <= 400 then 'pending_inspection'
                 when (o.rn * 31 + o.pi) % 100 < 7 then 'rejected'
                 when (o.rn * 31 + o.pi) % 100 < 10 then 'void' else 'approved' end as status
          from (select o.id as order_id, o.pharmacy_id, o.account_id, o.patient_name, o.patient_gender, o.patient_age,
                  o.paid_at + interval '15 minutes' as written_at, ph.pi,
                  row_number() over (partition by o.pharmacy_id order by o.id desc)::int as rn
                from orders o
                join (select id, (row_number() over (order by id) - 1)::int as pi from pharmacy
                      where name like '压测药房%') ph on ph.id = o.pharmacy_id
                where o.has_rx and o.paid_at is not null) o
          where o.rn <= 4000;
        alter table bench_recipe add column items jsonb;
        update bench_recipe b set items = (
          select jsonb_agg(jsonb_build_object('product_id', p.id, 'name', p.name, 'generic_name', p.generic_name,
              'spec', p.spec, 'type', p.type, 'manufacturer', p.manufacturer, 'dose_amount', '1', 'dose_unit', '片',
              'frequency', (array['qd','bid','tid'])[1 + (b.rn + k) % 3], 'route', '口服', 'days', 7,
              'qty', 1 + (b.rn + k) % 3) order by k)
          from generate_series(0, (b.order_id % 3)::int) k
          join bench_rx_product p on p.rn = (b.order_id * 7 + k * 4999) % (select count(*) from bench_rx_product));
        analyze bench_recipe`,
    },
    {
      name: 'consultation requests (200,000 prescribed from the orders, 20,000 added by the doctors)',
      sql: `insert into consultation_request (pharmacy_id, account_id, doctor_id, order_id, source, patient_name,
              patient_gender, patient_age, description, wanted_items, status, decided_at, created_at, updated_at)
            select b.pharmacy_id, b.account_id, d.ids[1 + b.doctor_k], b.order_id, 'order', b.patient_name,
              b.patient_gender, b.patient_age, '',
              (select jsonb_agg(jsonb_build_object('product_id', e->'product_id', 'name', e->'name',
                  'generic_name', e->'generic_name', 'spec', e->'spec', 'type', e->'type', 'qty', e->'qty'))
               from jsonb_array_elements(b.items) e),
              'prescribed', b.written_at - interval '5 minutes', b.written_at - interval '15 minutes',
              b.written_at - interval '5 minutes'
            from bench_recipe b
            cross join (select array_agg(d.id order by a.phone) ids from doctor d join account a on a.id = d.account_id
                        where a.phone like '137000010%') d
            order by b.written_at;
            insert into consultation_request (pharmacy_id, account_id, doctor_id, source, created_by, patient_name,
              patient_gender, patient_age, description, status, reject_reason, decided_at, created_at, updated_at)
            select b.pharmacy_id, b.account_id, d.ids[1 + b.doctor_k], 'staff', d.accounts[1 + b.doctor_k],
              b.patient_name, b.patient_gender, b.patient_age, '复诊续方',
              s.status, case when s.status in ('rejected', 'cancelled') then '建议线下就诊' else '' end,
              case when s.status <> 'pending' then b.written_at + interval '1 hour' end,
              b.written_at, b.written_at
            from (select * from bench_recipe where rn <= 400) b
            cross join (select array_agg(d.id order by a.phone) ids, array_agg(a.id order by a.phone) accounts
                        from doctor d join account a on a.id = d.account_id where a.phone like '137000010%') d
            cross join lateral (select (array['pending','pending','pending','pending','pending','approved','approved',
                   'rejected','rejected','cancelled'])[1 + b.rn % 10] as status) s
            order by b.written_at`,
    },
    {
      name: 'prescriptions (200,000) and their inspections',
      sql: `insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, consultation_request_id, order_id,
              patient_name, patient_gender, patient_age, diagnoses, items, signature_url, status, pharmacist_id,
              inspected_at, reject_code, reject_reason, created_at, updated_at)
            select 'RX' || to_char(b.written_at at time zone 'Asia/Shanghai', 'YYYYMMDD')
                     || lpad(nextval('recipe_no_seq')::text, 6, '0'),
              c.doctor_id, b.pharmacy_id, b.account_id, c.id, b.order_id, b.patient_name, b.patient_gender,
              b.patient_age, array[(array['高血压病','2型糖尿病','急性上呼吸道感染','慢性胃炎','高脂血症',
                '急性支气管炎'])[1 + b.order_id % 6]], b.items, '/demo/clinical/signature-zhang-mingyuan.svg',
              b.status, case when b.status <> 'pending_inspection' then ph.pharmacist end,
              case when b.status <> 'pending_inspection' then b.written_at + interval '30 minutes' end,
              case when b.status = 'rejected' then 'dosage' else '' end,
              case when b.status = 'rejected' then '用法用量不适宜，请核对后重新开具' else '' end,
              b.written_at, b.written_at + case when b.status <> 'pending_inspection' then interval '30 minutes'
                else interval '0' end
            from bench_recipe b
            join consultation_request c on c.order_id = b.order_id
            join (select pharmacy_id, min(account_id) as pharmacist from pharmacy_member where role = 'pharmacist'
                  and pharmacy_id in ${bench} group by 1) ph on ph.pharmacy_id = b.pharmacy_id
            order by b.written_at;
            insert into recipe_inspection (recipe_id, pharmacy_id, pharmacist_id, decision, reject_code, reason, shown,
              created_at, updated_at)
            select r.id, r.pharmacy_id, r.pharmacist_id, case when r.status = 'rejected' then 'reject' else 'approve' end,
              r.reject_code, r.reject_reason, '{"warnings": [], "images_viewed": 0, "merged": false}',
              r.inspected_at, r.inspected_at
            from recipe r where r.pharmacy_id in ${bench} and r.status <> 'pending_inspection';
            drop table bench_recipe, bench_rx_product`,
    },
  ];
}

/**
 * What the operator's 数据看板 reads beyond the orders, prescriptions and members above (cheap: ~70,000 rows):
 * one ended live per bench pharmacy in each of the last 30 days' weeks and its watch days (live_watch: 2,000 viewers a
 * day over the last 30 Shanghai days, the aggregates live_heartbeat would leave; the heartbeats themselves are the
 * team statistics bench's), 5,000 complaints about the bench pharmacies (a tenth pending), and two qualification
 * documents per bench pharmacy, those of one pharmacy in five expiring within 6 months.
 */
function operatorSteps() {
  const bench = `(select array_agg(id order by id) ids from pharmacy where name like '压测药房%')`;
  return [
    {
      name: 'operator dashboard: lives and live_watch (60,000 viewer days), complaints (5,000), qualifications (100)',
      sql: `insert into live (pharmacy_id, title, lecturer, start_at, end_at, started_at, ended_at, status)
            select ph.ids[1 + g % 50], '压测直播课 ' || g, '压测讲师',
                   now() - ((g % 30) || ' days')::interval - interval '2 hours',
                   now() - ((g % 30) || ' days')::interval - interval '1 hour',
                   now() - ((g % 30) || ' days')::interval - interval '2 hours',
                   now() - ((g % 30) || ' days')::interval - interval '1 hour', 'ended'
            from generate_series(0, 49) g cross join ${bench} ph;
            insert into live_watch (pharmacy_id, live_id, account_id, day, seconds, beats, first_beat_at, last_beat_at)
            select l.pharmacy_id, l.id, a.id, d.day, 30 * (1 + (a.rn + d.i) % 120), 1 + (a.rn + d.i) % 120,
                   d.day::timestamp at time zone 'Asia/Shanghai' + interval '20 hours',
                   d.day::timestamp at time zone 'Asia/Shanghai' + interval '21 hours'
            from generate_series(0, 29) d0(i)
            cross join lateral (select d0.i as i, ((now() at time zone 'Asia/Shanghai')::date - d0.i) as day) d
            cross join (select id, row_number() over (order by id) rn from account where phone like '17%'
                        order by id limit 2000) a
            join (select id, pharmacy_id, row_number() over (order by id) - 1 as k from live
                  where title like '压测直播课 %') l on l.k = (a.rn + d.i) % 50;
            insert into report (reporter_account_id, target_kind, target_id, pharmacy_id, category, content, status,
                                result, created_at, updated_at)
            select a.id, 'pharmacy', ph.ids[1 + g % 50], ph.ids[1 + g % 50], '服务态度', '压测投诉 ' || g,
                   case when g % 10 = 0 then 'pending' when g % 10 < 8 then 'processed' else 'rejected' end,
                   case when g % 10 = 0 then '' else '已核实处理' end,
                   now() - ((g % 365) || ' days')::interval, now() - ((g % 365) || ' days')::interval
            from generate_series(1, 5000) g cross join ${bench} ph
            join account a on a.phone = '17' || lpad((1 + g * 37 % 200000)::text, 9, '0');
            insert into pharmacy_qualification (pharmacy_id, kind, name, number, expire_at)
            select p.id, k.kind, k.name, 'BENCH-' || p.id || '-' || k.kind,
                   case when p.rn % 5 = 0 then current_date + 90 else current_date + 1000 end
            from (select id, row_number() over (order by id) rn from pharmacy where name like '压测药房%') p
            cross join (values ('business_licence', '营业执照'), ('gsp', 'GSP 证书')) k(kind, name)`,
    },
  ];
}

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
      from message where deleted_at is null group by 1, 2, 3
      union all
      select 'order', pharmacy_id, status, count(*) from orders where deleted_at is null group by 1, 2, 3
      union all
      select 'recipe', pharmacy_id, status, count(*) from recipe group by 1, 2, 3
      union all
      select 'recipe_doctor', doctor_id, status, count(*) from recipe group by 1, 2, 3
      union all
      select 'consultation', doctor_id, status, count(*) from consultation_request where doctor_id is not null
      group by 1, 2, 3)
    , kept as (select * from list_count
               where scope in ('quote', 'message', 'order', 'recipe', 'recipe_doctor', 'consultation'))
    select count(*)::int as wrong, (select count(*)::int from kept) as counters
    from real r full join kept k using (scope, owner_id, bucket)
    where coalesce(r.n, 0) <> coalesce(k.n, 0)`);
  const { wrong, counters } = rows[0];
  if (wrong > 0) throw new Error(`list_count: ${wrong} of ${counters} counters differ from count(*)`);
  log(`  list_count: ${counters} counters equal count(*) (checked in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * The orders' money: every order's goods equal the sum of its lines, its pay amount goods + freight − discount, every
 * paid order has one settlement of its pay amount (settle = pay − fee) and no unpaid one has any.
 */
export async function verifyOrderMoney(client, log = console.log) {
  const started = Date.now();
  const { rows } = await client.query(`
    select
      (select count(*)::int from orders o
        left join (select order_id, sum(subtotal) as goods, count(*) filter (where subtotal <> price * qty) as bad
                   from order_item group by 1) i on i.order_id = o.id
        where i.goods is distinct from o.goods_amount or i.bad > 0
           or o.pay_amount <> o.goods_amount + o.freight - o.discount) as wrong_totals,
      (select count(*)::int from orders o left join settlement s on s.order_id = o.id
        where (o.paid_at is null) <> (s.id is null)
           or (s.id is not null and (s.pay_amount <> o.pay_amount or s.settle_amount <> s.pay_amount - s.platform_fee))) as wrong_settlements,
      (select count(*)::int from orders) as orders`);
  const { wrong_totals: totals, wrong_settlements: settlements, orders } = rows[0];
  if (totals || settlements)
    throw new Error(`orders: ${totals} totals and ${settlements} settlements of ${orders} orders do not reconcile`);
  log(
    `  orders: ${orders} totals and settlements reconcile (checked in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
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
    await verifyOrderMoney(client, log);
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
