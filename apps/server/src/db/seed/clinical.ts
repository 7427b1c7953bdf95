import {
  type AidItem,
  inspectionRejectReasons,
  neededPacks,
  type RecipeWarning,
  runInspectionAids,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/sql-rows';
import type { Database, DbExecutor } from '../client';
import { demoBoxPhotoUrl, demoRequestPhotoUrls, demoSignatureUrls } from './clinical-images';
import { demoPharmacies } from './demo-data';
import { int, mulberry32, pick, type Rand } from './random';

/** Serialises this seed across instances (accounts 72_011_002 … orders 72_011_005). */
const CLINICAL_LOCK_KEY = 72_011_006;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** The demo doctors: 张明远 comes with the foundation seed (its doctor row is completed here), 李文博 is added. */
export const demoDoctors = [
  {
    phone: '13800000005',
    name: '张明远',
    hospital: '北京怡康互联网医院',
    department: '全科医学科',
    title: '主治医师',
    licenceNo: '110110108004526',
    intro:
      '全科医学科主治医师，从事全科临床工作 12 年。擅长高血压、糖尿病、高脂血症等慢病的长期管理与复诊续方，以及上呼吸道感染、胃炎、过敏性鼻炎等常见病的诊治。',
    diagnoses: [
      '急性上呼吸道感染',
      '高血压病',
      '2型糖尿病',
      '慢性胃炎',
      '过敏性鼻炎',
      '高脂血症',
      '急性支气管炎',
      '冠状动脉粥样硬化性心脏病',
      '良性前列腺增生',
      '湿疹',
      '流行性感冒',
      '甲状腺功能减退症',
    ],
  },
  {
    phone: '13800000010',
    name: '李文博',
    hospital: '北京怡康互联网医院',
    department: '内科',
    title: '副主任医师',
    licenceNo: '110110105002817',
    intro: '内科副主任医师，从医 18 年，擅长心血管疾病、内分泌代谢疾病的诊治及老年患者的多病共存用药管理。',
    diagnoses: [
      '高血压病',
      '2型糖尿病',
      '高脂血症',
      '冠状动脉粥样硬化性心脏病',
      '慢性胃炎',
      '急性支气管炎',
      '甲状腺功能减退症',
      '痛风',
    ],
  },
] as const;

/** The Beijing store's pharmacist (the foundation and console seeds staff only the Pudong and Hangzhou stores). */
export const beijingPharmacist = { phone: '13800000019', name: '赵雅琴' } as const;

/**
 * The clinical demo data (docs/clinical.md "Demo data"), on top of the demo orders: the doctors' profiles, signatures
 * and common diagnoses; for every RX order the orders seed paid, its consultation request (opened by the intake) taken
 * where the order went — a prescription approved and inspected for the orders past review, rejected by the pharmacist
 * for those review cancelled, voided for those cancelled after approval — and, for the orders still in pending_review,
 * requests waiting for the doctor, accepted, or prescribed and waiting for the pharmacist; requests added by the
 * doctors (source staff) in every state; family members' histories; health forms with a year of measurements. The
 * seeded clinical messages name and link real rows. Runs once, in one transaction: skips when any prescription exists.
 */
export async function seedClinical(db: Database, options: { now?: Date } = {}): Promise<boolean> {
  const exists = async (q: DbExecutor) => (await queryRows(q, sql`select 1 from recipe limit 1`)).rows.length > 0;
  if (await exists(db)) return false;
  let seeded = true;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLINICAL_LOCK_KEY})`);
    if (await exists(tx)) {
      seeded = false;
      return;
    }
    seeded = await seedInside(tx, (options.now ?? new Date()).getTime());
  });
  return seeded;
}

// ---------------------------------------------------------------------------------------------------------------------
// A deterministic random source (the same demo on every start)

// ---------------------------------------------------------------------------------------------------------------------
// How a doctor writes each medicine

interface Usage {
  /** A fragment of the generic name. */
  match: string;
  dose: string;
  frequency: string;
  route?: string;
  /** A chronic medicine (a longer prescription is usual). */
  chronic?: boolean;
}

/** Usual doses by generic name (first match wins); the dose unit is the spec's (片, 粒, 袋 …). */
const USAGES: Usage[] = [
  { match: '阿莫西林', dose: '2', frequency: 'tid' },
  { match: '头孢', dose: '1', frequency: 'bid' },
  { match: '阿奇霉素', dose: '1', frequency: 'qd' },
  { match: '沙星', dose: '1', frequency: 'qd' },
  { match: '奥司他韦', dose: '1', frequency: 'bid' },
  { match: '氟康唑', dose: '1', frequency: 'qd' },
  { match: '胰岛素', dose: '0.12', frequency: 'bid', route: '皮下注射', chronic: true },
  { match: '二甲双胍', dose: '1', frequency: 'bid', chronic: true },
  { match: '阿卡波糖', dose: '1', frequency: 'tid', chronic: true },
  { match: '格列', dose: '1', frequency: 'qd', chronic: true },
  { match: '他汀', dose: '1', frequency: 'qn', chronic: true },
  { match: '美托洛尔', dose: '1', frequency: 'bid', chronic: true },
  { match: '地平', dose: '1', frequency: 'qd', chronic: true },
  { match: '沙坦', dose: '1', frequency: 'qd', chronic: true },
  { match: '普利', dose: '1', frequency: 'qd', chronic: true },
  { match: '洛尔', dose: '1', frequency: 'qd', chronic: true },
  { match: '氯吡格雷', dose: '1', frequency: 'qd', chronic: true },
  { match: '阿司匹林', dose: '1', frequency: 'qd', chronic: true },
  { match: '甲状腺素', dose: '1', frequency: 'qd', chronic: true },
  { match: '坦索罗辛', dose: '1', frequency: 'qn', chronic: true },
  { match: '非那雄胺', dose: '1', frequency: 'qd', chronic: true },
  { match: '通心络', dose: '2', frequency: 'tid', chronic: true },
  { match: '血塞通', dose: '2', frequency: 'bid', chronic: true },
  { match: '水飞蓟宾', dose: '2', frequency: 'tid', chronic: true },
  { match: '孟鲁司特', dose: '1', frequency: 'qn' },
  { match: '拉唑', dose: '1', frequency: 'qd', chronic: true },
  { match: '泼尼松', dose: '2', frequency: 'qd' },
  { match: '安宫牛黄丸', dose: '1', frequency: 'qd' },
  { match: '口服溶液', dose: '10', frequency: 'tid' },
  { match: '糖浆', dose: '10', frequency: 'tid' },
];

/** The diagnosis a medicine's category (or generic name) suggests. */
const DIAGNOSIS_BY_CATEGORY: Record<string, readonly string[]> = {
  降压药: ['高血压病'],
  降糖药: ['2型糖尿病'],
  调节血脂: ['高脂血症'],
  抗血栓: ['冠状动脉粥样硬化性心脏病'],
  活血化瘀: ['冠状动脉粥样硬化性心脏病'],
  抗生素: ['急性上呼吸道感染', '急性支气管炎', '急性扁桃体炎'],
  抗病毒: ['流行性感冒'],
  抗真菌: ['皮肤真菌感染'],
  止咳化痰: ['过敏性鼻炎', '咳嗽变异性哮喘'],
  胃药: ['慢性胃炎', '胃食管反流病'],
  肝胆用药: ['脂肪肝'],
  甲状腺用药: ['甲状腺功能减退症'],
  前列腺用药: ['良性前列腺增生'],
  皮炎湿疹: ['湿疹', '接触性皮炎'],
  外用抗感染: ['脓疱疮', '皮肤细菌感染'],
  补益中成药: ['脑卒中后遗症'],
};

/** Why a doctor kept a prescription the aids warned about (the override reason, by warning). */
const OVERRIDE_REASONS: Record<string, (chronic: boolean) => string> = {
  allergy: () => '患者既往青霉素类过敏表现为轻度皮疹，本次青霉素皮试阴性，已充分告知风险并取得知情同意',
  duplicate_generic: () => '两种规格联合使用以达到目标剂量，已核对总剂量',
  duplicate_class: () => '两药联用为治疗需要，已评估相互作用，嘱监测不良反应',
  over_quantity: () => '按整盒开具，已嘱患者按疗程服用，余药妥善保存',
  child_weight: () => '家属现场报告体重，已按体重核算剂量',
  over_days: (chronic) =>
    chronic ? '慢性病长期用药，病情稳定，按 4 周用量开具' : '需完成足疗程治疗，已嘱患者按时复诊',
};

interface ProductRow {
  id: number;
  name: string;
  generic_name: string;
  spec: string;
  type: string;
  manufacturer: string;
  category: string;
}

interface RecipeLine {
  product_id: number;
  name: string;
  generic_name: string;
  spec: string;
  type: string;
  manufacturer: string;
  dose_amount: string;
  dose_unit: string;
  frequency: string;
  route: string;
  days: number;
  qty: number;
}

/** The spec's counting unit (片, 粒, 袋, 支 …), or g for an ointment ('2%*5g/支'). */
function doseUnitOf(spec: string): string {
  const counted = /[*×](\d+)(片|粒|袋|支|丸|包|贴)/.exec(spec);
  if (counted) return counted[2];
  if (/\d(?:\.\d+)?g\/支/.test(spec)) return 'g';
  if (/ml/.test(spec)) return 'ml';
  return '片';
}

/** A prescription line for a product and a quantity: the usual dose, and the fewest days that use the packs up. */
function lineFor(p: ProductRow, qty: number): { line: RecipeLine; chronic: boolean } {
  const usage = USAGES.find((u) => p.generic_name.includes(u.match) || p.name.includes(u.match));
  const unit = doseUnitOf(p.spec);
  const external = /乳膏|软膏|凝胶/.test(p.name);
  const dose = external ? '0.5' : (usage?.dose ?? '1');
  const frequency = external ? 'bid' : (usage?.frequency ?? 'tid');
  const route = external ? '外用' : (usage?.route ?? '口服');
  const chronic = usage?.chronic ?? false;
  const base = {
    product_id: p.id,
    name: p.name,
    generic_name: p.generic_name,
    spec: p.spec,
    type: p.type,
    manufacturer: p.manufacturer,
    dose_amount: dose,
    dose_unit: unit,
    frequency,
    route,
    qty,
  };
  // the most days the packs cover, at least one: a chronic medicine up to 30 (the usual limit's exception), others 7
  let days = chronic ? 28 : 7;
  if (neededPacks({ ...base, days: 1 }) !== null) {
    days = 1;
    const limit = chronic ? 30 : 7;
    while (days < limit && (neededPacks({ ...base, days: days + 1 }) ?? Infinity) <= qty) days++;
  }
  return { line: { ...base, days }, chronic };
}

const aidItem = (l: RecipeLine, category: string): AidItem => ({
  name: l.name,
  generic_name: l.generic_name,
  type: l.type,
  category,
  dose_amount: l.dose_amount,
  dose_unit: l.dose_unit,
  frequency: l.frequency,
  days: l.days,
  qty: l.qty,
  spec: l.spec,
});

// ---------------------------------------------------------------------------------------------------------------------

interface OrderRequest {
  request_id: number;
  order_id: number;
  order_no: string;
  status: string;
  pharmacy_id: number;
  account_id: number;
  family_member_id: number | null;
  patient_name: string;
  patient_gender: string;
  patient_age: number | null;
  paid_at: string | null;
  shipped_at: string | null;
  cancelled_at: string | null;
  cancelled_by: string | null;
  cancel_reason: string;
  wanted: { product_id: number; qty: number }[];
}

interface Member {
  id: number;
  account_id: number;
  name: string;
  gender: string | null;
  birthday: string | null;
  relation: string;
  allergy_history: string[];
  family_medical_history: string[];
  past_medical_history: string[];
}

/** A request to write, and the prescription written from it (if any). */
interface Plan {
  requestId?: number;
  source: 'order' | 'staff';
  orderId: number | null;
  pharmacyId: number;
  accountId: number;
  member: Member | null;
  patient: { name: string; gender: string; age: number | null };
  doctor: Doctor;
  requestStatus: 'pending' | 'approved' | 'rejected' | 'prescribed' | 'cancelled';
  requestRejectReason?: string;
  description: string;
  wanted: { product: ProductRow; qty: number }[];
  images: string[];
  createdAt: number;
  decidedAt?: number;
  recipe?: {
    status: 'pending_inspection' | 'approved' | 'rejected' | 'void';
    createdAt: number;
    inspectedAt?: number;
    pharmacistId?: number;
    rejectCode?: string;
    rejectReason?: string;
    /** Extra products the doctor wrote (the staff requests' prescriptions). */
    lines?: { product: ProductRow; qty: number }[];
    diagnoses?: string[];
    allergyOverride?: boolean;
  };
}

interface Doctor {
  id: number;
  accountId: number;
  name: string;
}

const DESCRIPTIONS = [
  '长期服用，药快吃完了，申请续方。',
  '上次开的药效果不错，需要继续服用。',
  '近期症状反复，按医院处方购药。',
  '已在医院确诊，按原处方续开。',
  '',
];

async function seedInside(tx: DbExecutor, now: number): Promise<boolean> {
  const r = mulberry32(20261125);
  const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(tx, q)).rows;

  // ---- the stores, the staff and the doctors
  const stores = await rows<{ id: number; name: string }>(
    sql`select id, name from pharmacy where name in (${sql.join(
      demoPharmacies.map((p) => sql`${p.name}`),
      sql`, `,
    )}) order by id`,
  );
  const storeIds = demoPharmacies.map((p) => stores.find((s) => s.name === p.name)?.id);
  const [zhang] = await rows<{ account_id: number; password_hash: string | null }>(
    sql`select a.id as account_id, a.password_hash from account a join doctor d on d.account_id = a.id
        where a.phone = ${demoDoctors[0].phone}`,
  );
  if (storeIds.some((id) => id === undefined) || !zhang) return false;
  const [p1, p2, p3] = storeIds as number[];

  const added = await rows<{ id: number; phone: string }>(sql`
    insert into account (phone, phone_user_id, name, password_hash)
    values (${demoDoctors[1].phone}, ${`pu_${demoDoctors[1].phone}`}, ${demoDoctors[1].name}, ${zhang.password_hash}),
           (${beijingPharmacist.phone}, ${`pu_${beijingPharmacist.phone}`}, ${beijingPharmacist.name}, ${zhang.password_hash})
    on conflict (phone) do nothing returning id, phone`);
  const accountIds = new Map(
    (await rows<{ id: number; phone: string }>(sql`select id, phone from account where phone like '138000000%'`)).map(
      (a) => [a.phone, a.id],
    ),
  );
  for (const a of added) accountIds.set(a.phone, a.id);
  const acc = (phone: string) => accountIds.get(phone) as number;

  await tx.execute(sql`
    insert into pharmacy_member (pharmacy_id, account_id, role, permissions)
    values (${p3}, ${acc(beijingPharmacist.phone)}, 'pharmacist', '{}') on conflict do nothing`);
  await tx.execute(sql`
    insert into doctor (account_id) values (${acc(demoDoctors[1].phone)}) on conflict (account_id) do nothing`);
  const doctors: Doctor[] = [];
  for (const d of demoDoctors) {
    const [row] = await rows<{ id: number }>(sql`
      update doctor set hospital = ${d.hospital}, department = ${d.department}, title = ${d.title},
        licence_no = ${d.licenceNo}, intro = ${d.intro}, signature_url = ${demoSignatureUrls[d.name]}, status = 'active'
      where account_id = ${acc(d.phone)} returning id`);
    doctors.push({ id: row.id, accountId: acc(d.phone), name: d.name });
    await tx.execute(sql`delete from common_diagnose where doctor_id = ${row.id}`);
    await tx.execute(sql`
      insert into common_diagnose (doctor_id, text, sort)
      select ${row.id}, t.text, t.sort from unnest(${sql.raw(
        `array[${d.diagnoses.map((x) => `'${x}'`).join(',')}]::text[]`,
      )}) with ordinality t(text, sort)`);
  }
  const [drZhang, drLi] = doctors;
  // New RX orders of the foundation stores reach the demo doctors: Pudong and Hangzhou 张明远, Beijing 李文博.
  await tx.execute(sql`
    update pharmacy_setting set config = config || jsonb_build_object('default_doctor_id',
      case when pharmacy_id = ${p3} then ${drLi.id}::int else ${drZhang.id}::int end)
    where pharmacy_id in (${p1}, ${p2}, ${p3})`);

  const pharmacists = new Map<number, number[]>([
    [p1, [acc('13800000006'), acc('13800000011')]],
    [p2, [acc('13800000016')]],
    [p3, [acc(beijingPharmacist.phone)]],
  ]);
  const pharmacistOf = (pharmacyId: number) => {
    const list = pharmacists.get(pharmacyId)!.filter((id) => id !== undefined);
    return pick(r, list);
  };

  // ---- the products the prescriptions name
  const products = new Map<number, ProductRow>();
  const loadProducts = async (where: ReturnType<typeof sql>) => {
    const found = await rows<ProductRow>(sql`
      select p.id, p.name, p.generic_name, p.spec, p.type, p.manufacturer, coalesce(c.name, '') as category
      from product p left join category c on c.id = p.category_id where ${where} order by p.id`);
    for (const p of found) products.set(p.id, p);
    return found;
  };

  // ---- the paid RX orders and the requests the intake opened for them
  const orders = await rows<OrderRequest>(sql`
    select cr.id as request_id, o.id as order_id, o.order_no, o.status, o.pharmacy_id, o.account_id,
      o.family_member_id, o.patient_name, o.patient_gender, o.patient_age, o.paid_at::text, o.shipped_at::text,
      o.cancelled_at::text, o.cancelled_by, o.cancel_reason,
      (select coalesce(jsonb_agg(jsonb_build_object('product_id', (w->>'product_id')::int, 'qty', (w->>'qty')::int)), '[]')
       from jsonb_array_elements(cr.wanted_items) w) as wanted
    from consultation_request cr join orders o on o.id = cr.order_id
    where o.pharmacy_id in (${p1}, ${p2}, ${p3}) and cr.status = 'pending'
    order by o.id`);
  const wantedIds = [...new Set(orders.flatMap((o) => o.wanted.map((w) => w.product_id)))];
  if (wantedIds.length)
    await loadProducts(
      sql`p.id in (${sql.join(
        wantedIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const members = new Map<number, Member>();
  const loadMembers = async (where: ReturnType<typeof sql>) => {
    const found = await rows<Member>(sql`
      select id, account_id, name, gender, birthday::text, relation, allergy_history, family_medical_history,
        past_medical_history
      from family_member where ${where} order by id`);
    // one object per member, so that every plan naming it sees the histories written below
    return found.map((m) => {
      const known = members.get(m.id);
      if (known) return known;
      members.set(m.id, m);
      return m;
    });
  };
  const memberIds = [...new Set(orders.map((o) => o.family_member_id).filter((id) => id !== null))];
  if (memberIds.length)
    await loadMembers(
      sql`id in (${sql.join(
        memberIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );

  const ms = (iso: string | null) => (iso ? Date.parse(iso) : undefined);
  const plans: Plan[] = [];
  const pendingReview = new Map<number, number>();
  for (const o of orders) {
    const paid = ms(o.paid_at) ?? now - HOUR;
    const end = ms(o.shipped_at) ?? ms(o.cancelled_at) ?? now;
    const at = (f: number) => Math.round(paid + f * (end - paid));
    const doctor = o.pharmacy_id === p3 ? drLi : drZhang;
    const wanted = o.wanted.map((w) => ({ product: products.get(w.product_id)!, qty: w.qty })).filter((w) => w.product);
    if (!wanted.length) continue;
    const base: Plan = {
      requestId: o.request_id,
      source: 'order',
      orderId: o.order_id,
      pharmacyId: o.pharmacy_id,
      accountId: o.account_id,
      member: o.family_member_id === null ? null : (members.get(o.family_member_id) ?? null),
      patient: { name: o.patient_name, gender: o.patient_gender, age: o.patient_age },
      doctor,
      requestStatus: 'prescribed',
      description: pick(r, DESCRIPTIONS),
      wanted,
      images: [],
      createdAt: paid,
    };
    if (o.status === 'pending_review') {
      // Each store's waiting orders in turn: Pudong's mostly at the pharmacist, the others' mostly at the doctor.
      const k = pendingReview.get(o.pharmacy_id) ?? 0;
      pendingReview.set(o.pharmacy_id, k + 1);
      const turn =
        o.pharmacy_id === p1
          ? (['inspect2', 'inspect', 'approved', 'pending', 'inspect', 'pending'] as const)[k % 6]
          : (['pending', 'inspect', 'approved', 'pending'] as const)[k % 4];
      // photos of the medicine's box: its front, and for one of them its side too (two images to merge)
      const box = wanted[0].product.id;
      const images =
        turn === 'inspect2' ? [demoBoxPhotoUrl(box), demoBoxPhotoUrl(box, 'back')] : [demoBoxPhotoUrl(box)];
      const waited = now - paid;
      if (turn === 'pending') plans.push({ ...base, requestStatus: 'pending', images });
      else if (turn === 'approved')
        plans.push({ ...base, requestStatus: 'approved', images, decidedAt: paid + waited * 0.4 });
      else
        plans.push({
          ...base,
          images,
          decidedAt: paid + waited * 0.3,
          recipe: { status: 'pending_inspection', createdAt: paid + waited * 0.45 },
        });
    } else if (['pending_shipment', 'shipped', 'completed'].includes(o.status)) {
      plans.push({
        ...base,
        images: r() < 0.6 ? [demoBoxPhotoUrl(wanted[0].product.id)] : [],
        decidedAt: at(0.15),
        recipe: {
          status: 'approved',
          createdAt: at(0.25),
          inspectedAt: at(0.5),
          pharmacistId: pharmacistOf(o.pharmacy_id),
        },
      });
    } else if (o.status === 'cancelled' && o.cancelled_by === 'review') {
      const reason = o.cancel_reason.replace(/^处方审核未通过[：:]/, '') || '处方药品与订单不符';
      plans.push({
        ...base,
        images: [demoBoxPhotoUrl(wanted[0].product.id)],
        decidedAt: at(0.2),
        recipe: {
          status: 'rejected',
          createdAt: at(0.35),
          inspectedAt: at(0.9),
          pharmacistId: pharmacistOf(o.pharmacy_id),
          rejectCode: reason.includes('不符') ? 'image_unclear' : 'incomplete',
          rejectReason: reason,
        },
      });
    } else if (o.status === 'cancelled') {
      // approved, then the order was cancelled before shipping: the prescription is void
      plans.push({
        ...base,
        decidedAt: at(0.1),
        recipe: { status: 'void', createdAt: at(0.2), inspectedAt: at(0.4), pharmacistId: pharmacistOf(o.pharmacy_id) },
      });
    }
  }

  // ---- requests the doctors added for patients (source staff), in every state
  const [patient] = await rows<{ id: number }>(sql`select id from account where phone = '13900000001'`);
  const demoMembers = patient ? await loadMembers(sql`account_id = ${patient.id}`) : ([] as Member[]);
  const father = demoMembers.find((m) => m.relation === 'father') ?? demoMembers[1];
  // generated patients with a family member (the orders seed's), for the remaining staff requests and health forms
  const others = await loadMembers(sql`account_id in (
      select a.id from account a where a.phone not like '138%' and a.phone not like '139%' and a.phone not like '137%'
      order by a.id limit 40) and relation = 'self'`);
  const byGeneric = async (fragment: string, type = 'RX') =>
    (
      await loadProducts(sql`p.type = ${type} and p.status = 'active' and p.generic_name like ${`${fragment}%`}
        and exists (select 1 from quote q where q.product_id = p.id and q.pharmacy_id = ${p1})`)
    )[0] ??
    (await loadProducts(sql`p.type = ${type} and p.status = 'active' and p.generic_name like ${`${fragment}%`}`))[0];
  const amlodipine = await byGeneric('苯磺酸氨氯地平');
  const amoxicillin = await byGeneric('阿莫西林');
  const ambroxol = (await byGeneric('盐酸氨溴索', 'OTC')) ?? (await byGeneric('氨溴索', 'OTC'));
  const metformin = await byGeneric('盐酸二甲双胍');
  const atorvastatin = await byGeneric('阿托伐他汀');
  const omeprazole = await byGeneric('奥美拉唑');
  const montelukast = await byGeneric('孟鲁司特');
  const ageOf = (m: Member) => (m.birthday ? Math.floor((now - Date.parse(m.birthday)) / (365.25 * DAY)) : null);
  const staffPlan = (
    m: Member | undefined,
    doctor: Doctor,
    status: Plan['requestStatus'],
    wanted: (ProductRow | undefined)[],
    ago: number,
    extra: Partial<Plan> = {},
  ) => {
    const list = wanted.filter((p) => p !== undefined).map((product) => ({ product, qty: 1 }));
    if (!m || !list.length) return;
    plans.push({
      source: 'staff',
      orderId: null,
      pharmacyId: doctor === drLi ? p3 : p1,
      accountId: m.account_id,
      member: m,
      patient: { name: m.name, gender: m.gender ?? '', age: ageOf(m) },
      doctor,
      requestStatus: status,
      description: '',
      wanted: list,
      images: [],
      createdAt: now - ago,
      decidedAt: status === 'pending' ? undefined : now - ago + 20 * MINUTE,
      ...extra,
    });
  };
  // 李建军's renewal, the request the doctor's 新的问诊需求 message tells of
  staffPlan(father, drZhang, 'pending', [amlodipine], 15 * MINUTE, {
    description: '高血压 8 年，规律服用苯磺酸氨氯地平片，血压控制平稳，药快吃完了，申请续开。',
    images: [
      demoRequestPhotoUrls.prescription,
      demoRequestPhotoUrls.record,
      ...(amlodipine ? [demoBoxPhotoUrl(amlodipine.id)] : []),
    ],
  });
  // a patient allergic to penicillins given amoxicillin: the warning overridden with its reason, at the pharmacist
  const allergic = others[0];
  if (allergic) allergic.allergy_history = ['青霉素类'];
  staffPlan(allergic, drZhang, 'prescribed', [amoxicillin, ambroxol], 3 * HOUR, {
    description:
      '咽痛、咳嗽伴发热 3 天，最高体温 38.6℃。既往青霉素类过敏史（皮疹），本次已在社区医院行青霉素皮试，结果阴性。',
    images: amoxicillin ? [demoBoxPhotoUrl(amoxicillin.id), demoBoxPhotoUrl(amoxicillin.id, 'back')] : [],
    recipe: {
      status: 'pending_inspection',
      createdAt: now - 2 * HOUR,
      diagnoses: ['急性扁桃体炎'],
      allergyOverride: true,
    },
  });
  staffPlan(others[1], drZhang, 'approved', [metformin], 2 * HOUR, {
    description: '2 型糖尿病复诊，空腹血糖 6.8mmol/L，申请续开二甲双胍。',
  });
  staffPlan(others[2], drZhang, 'rejected', [omeprazole], 2 * DAY, {
    description: '胃痛 1 个月，夜间加重，想开点胃药。',
    requestRejectReason: '症状持续 1 个月且夜间加重，需线下就诊完善胃镜检查后再行用药',
  });
  staffPlan(others[3], drZhang, 'cancelled', [montelukast], 3 * DAY, {
    description: '过敏性鼻炎季节性发作，申请开孟鲁司特。',
    requestRejectReason: '患者已在线下医院就诊，取消本次需求',
  });
  staffPlan(others[4], drZhang, 'prescribed', [atorvastatin], 9 * DAY, {
    description: '高脂血症复诊，血脂复查已达标，续开阿托伐他汀。',
    recipe: {
      status: 'approved',
      createdAt: now - 9 * DAY + 40 * MINUTE,
      inspectedAt: now - 9 * DAY + 2 * HOUR,
      pharmacistId: acc('13800000011'),
      diagnoses: ['高脂血症'],
    },
  });
  staffPlan(others[5], drLi, 'pending', [metformin, atorvastatin], 40 * MINUTE, {
    description: '糖尿病合并血脂异常，长期服药，申请续方。',
    images: metformin ? [demoBoxPhotoUrl(metformin.id)] : [],
  });
  staffPlan(others[6], drLi, 'prescribed', [amlodipine], 5 * DAY, {
    description: '血压控制可，续开降压药。',
    recipe: {
      status: 'rejected',
      createdAt: now - 5 * DAY + 30 * MINUTE,
      inspectedAt: now - 5 * DAY + 3 * HOUR,
      pharmacistId: acc(beijingPharmacist.phone),
      rejectCode: 'dosage',
      rejectReason: '用药天数超过 30 日，请按规定调整用量后重新开具',
      diagnoses: ['高血压病'],
    },
  });

  // ---- family members' histories, where the records are empty
  const FAMILY = [['高血压'], ['糖尿病'], ['高血压', '糖尿病'], ['冠心病'], []] as const;
  const ALLERGIES = [['磺胺类'], ['头孢类'], ['花粉'], ['海鲜'], ['青霉素类']] as const;
  const memberUpdates: Member[] = [];
  const recipeProducts = (p: Plan) => [...p.wanted, ...(p.recipe?.lines ?? [])].map((w) => w.product);
  const touched = new Set<number>();
  for (const p of plans) {
    const m = p.member;
    // the demo patient's family keep the histories written for them (李建军's records deny any allergy)
    if (!m || touched.has(m.id) || m.account_id === patient?.id) continue;
    touched.add(m.id);
    const cats = recipeProducts(p).map((x) => x.category);
    const past = [...m.past_medical_history];
    for (const c of cats) {
      const d = DIAGNOSIS_BY_CATEGORY[c]?.[0];
      if (
        d &&
        [
          '高血压病',
          '2型糖尿病',
          '高脂血症',
          '冠状动脉粥样硬化性心脏病',
          '良性前列腺增生',
          '甲状腺功能减退症',
        ].includes(d)
      )
        if (!past.some((x) => x.replaceAll(' ', '').includes(d.replace('病', '')))) past.push(d);
    }
    const family = m.family_medical_history.length ? m.family_medical_history : [...pick(r, FAMILY)];
    let allergy = m.allergy_history;
    if (!allergy.length && r() < 0.3) {
      // an allergy none of the member's medicines meets
      const candidate = [...pick(r, ALLERGIES)];
      const items = recipeProducts(p).map((x) => aidItem(lineFor(x, 1).line, x.category));
      const hit = runInspectionAids(items, { age: null, weight_kg: null, allergies: candidate }).some(
        (w) => w.code === 'allergy',
      );
      if (!hit) allergy = candidate;
    }
    m.past_medical_history = past;
    m.family_medical_history = family;
    m.allergy_history = allergy;
    memberUpdates.push(m);
  }
  if (allergic && !touched.has(allergic.id)) memberUpdates.push(allergic);
  if (memberUpdates.length) {
    await tx.execute(sql`
      update family_member f set allergy_history = t.allergy, family_medical_history = t.family,
        past_medical_history = t.past
      from jsonb_to_recordset(${JSON.stringify(
        memberUpdates.map((m) => ({
          id: m.id,
          allergy: m.allergy_history,
          family: m.family_medical_history,
          past: m.past_medical_history,
        })),
      )}::jsonb) as t(id int, allergy text[], family text[], past text[])
      where f.id = t.id`);
  }

  // ---- the requests: the intake's updated, the staff ones inserted
  const wantedJson = (p: Plan) =>
    p.wanted.map((w) => ({
      product_id: w.product.id,
      name: w.product.name,
      generic_name: w.product.generic_name,
      spec: w.product.spec,
      type: w.product.type,
      qty: w.qty,
    }));
  const iso = (t?: number) => (t === undefined ? null : new Date(t).toISOString());
  const requestRows = plans.map((p, i) => ({
    i,
    id: p.requestId ?? null,
    pharmacy_id: p.pharmacyId,
    account_id: p.accountId,
    family_member_id: p.member?.id ?? null,
    doctor_id: p.doctor.id,
    order_id: p.orderId,
    source: p.source,
    created_by: p.source === 'staff' ? p.doctor.accountId : null,
    patient_name: p.patient.name,
    patient_gender: p.patient.gender,
    patient_age: p.patient.age,
    description: p.description,
    wanted_items: wantedJson(p),
    images: p.images,
    status: p.requestStatus,
    reject_reason: p.requestRejectReason ?? '',
    created_at: iso(p.createdAt),
    decided_at: iso(p.decidedAt),
    updated_at: iso(p.decidedAt ?? p.createdAt),
  }));
  const requestJson = JSON.stringify(requestRows);
  const recordset = sql`jsonb_to_recordset(${requestJson}::jsonb) as t(i int, id int, pharmacy_id int, account_id int,
    family_member_id int, doctor_id int, order_id int, source text, created_by int, patient_name text,
    patient_gender text, patient_age int, description text, wanted_items jsonb, images text[], status text,
    reject_reason text, created_at timestamptz, decided_at timestamptz, updated_at timestamptz)`;
  await tx.execute(sql`
    update consultation_request c set doctor_id = t.doctor_id, description = t.description, images = t.images,
      status = t.status, reject_reason = t.reject_reason, created_at = t.created_at, decided_at = t.decided_at,
      updated_at = t.updated_at
    from ${recordset} where c.id = t.id`);
  const inserted = await rows<{ id: number; account_id: number; created_at: string }>(sql`
    insert into consultation_request (pharmacy_id, account_id, family_member_id, doctor_id, order_id, source,
      created_by, patient_name, patient_gender, patient_age, description, wanted_items, images, status, reject_reason,
      created_at, decided_at, updated_at)
    select t.pharmacy_id, t.account_id, t.family_member_id, t.doctor_id, t.order_id, t.source, t.created_by,
      t.patient_name, t.patient_gender, t.patient_age, t.description, t.wanted_items, t.images, t.status,
      t.reject_reason, t.created_at, t.decided_at, t.updated_at
    from ${recordset} where t.id is null order by t.created_at
    returning id, account_id, created_at::text`);
  for (const p of plans) {
    if (p.requestId !== undefined) continue;
    const row = inserted.find((x) => x.account_id === p.accountId && Date.parse(x.created_at) === p.createdAt);
    p.requestId = row?.id;
  }

  // ---- the prescriptions, oldest first so their numbers grow with time
  const written = plans.filter((p) => p.recipe).toSorted((a, b) => a.recipe!.createdAt - b.recipe!.createdAt);
  const recipeRows = written.map((p) => {
    const rec = p.recipe!;
    const made = [...p.wanted, ...(rec.lines ?? [])].map((w) => ({
      ...lineFor(w.product, w.qty),
      category: w.product.category,
    }));
    const lines = made.map((x) => x.line);
    const age = p.patient.age;
    const weight = age !== null && age < 14 ? (age * 2 + 8 + int(r, 0, 3) * 0.5).toFixed(1) : null;
    const allergies = p.member?.allergy_history ?? [];
    const warnings: RecipeWarning[] = runInspectionAids(
      made.map((x) => aidItem(x.line, x.category)),
      { age, weight_kg: weight, allergies },
    ).map((w) => ({
      ...w,
      override_reason: OVERRIDE_REASONS[w.code]?.(w.items.some((i) => made[i]?.chronic)) ?? '已评估用药风险',
    }));
    const diagnoses = rec.diagnoses ?? [
      ...new Set(
        made.map((x) => {
          const list = DIAGNOSIS_BY_CATEGORY[x.category] ?? ['急性上呼吸道感染'];
          return list[(p.orderId ?? 0) % list.length];
        }),
      ),
    ];
    return {
      request_id: p.requestId,
      doctor_id: p.doctor.id,
      pharmacy_id: p.pharmacyId,
      account_id: p.accountId,
      family_member_id: p.member?.id ?? null,
      order_id: p.orderId,
      patient_name: p.patient.name,
      patient_gender: p.patient.gender,
      patient_age: age,
      weight,
      allergies,
      diagnoses,
      items: lines,
      warnings,
      images: p.images,
      signature_url: demoSignatureUrls[p.doctor.name],
      status: rec.status,
      pharmacist_id: rec.pharmacistId ?? null,
      inspected_at: iso(rec.inspectedAt),
      reject_code: rec.rejectCode ?? '',
      reject_reason: rec.rejectReason ?? '',
      created_at: iso(rec.createdAt),
      updated_at: iso(rec.inspectedAt ?? rec.createdAt),
      // what the pharmacist was shown and decided (approved, rejected and void ones were inspected)
      decision: rec.status === 'rejected' ? 'reject' : rec.status === 'pending_inspection' ? null : 'approve',
      shown: {
        warnings,
        status: 'ok',
        images_viewed: p.images.length,
        merged: p.images.length > 1,
      },
    };
  });
  if (recipeRows.length) {
    const recipeJson = JSON.stringify(recipeRows.map((x, i) => ({ ...x, n: i })));
    const recipes = await rows<{ id: number; consultation_request_id: number }>(sql`
      insert into recipe (recipe_no, doctor_id, pharmacy_id, account_id, family_member_id, consultation_request_id,
        order_id, patient_name, patient_gender, patient_age, patient_weight_kg, allergies, diagnoses, items, warnings,
        images, signature_url, status, pharmacist_id, inspected_at, reject_code, reject_reason, created_at, updated_at)
      select 'RX' || to_char(t.created_at at time zone 'Asia/Shanghai', 'YYYYMMDD')
          || lpad(nextval('recipe_no_seq')::text, 6, '0'),
        t.doctor_id, t.pharmacy_id, t.account_id, t.family_member_id, t.request_id, t.order_id, t.patient_name,
        t.patient_gender, t.patient_age, t.weight, t.allergies, t.diagnoses, t.items, t.warnings, t.images,
        t.signature_url, t.status, t.pharmacist_id, t.inspected_at, t.reject_code, t.reject_reason, t.created_at,
        t.updated_at
      from jsonb_to_recordset(${recipeJson}::jsonb) as t(n int, request_id int, doctor_id int, pharmacy_id int,
        account_id int, family_member_id int, order_id int, patient_name text, patient_gender text, patient_age int,
        weight numeric, allergies text[], diagnoses text[], items jsonb, warnings jsonb, images text[],
        signature_url text, status text, pharmacist_id int, inspected_at timestamptz, reject_code text,
        reject_reason text, created_at timestamptz, updated_at timestamptz)
      order by t.n
      returning id, consultation_request_id`);
    const idOfRequest = new Map(recipes.map((x) => [x.consultation_request_id, x.id]));
    const ids = recipeRows.map((x) => idOfRequest.get(x.request_id!) as number);
    const inspections = recipeRows.flatMap((x, i) =>
      x.decision
        ? [
            {
              recipe_id: ids[i],
              pharmacy_id: x.pharmacy_id,
              pharmacist_id: x.pharmacist_id,
              decision: x.decision,
              reject_code: x.reject_code,
              reason: x.reject_reason,
              shown: { ...x.shown, order_id: x.order_id },
              at: x.inspected_at,
            },
          ]
        : [],
    );
    if (inspections.length) {
      await tx.execute(sql`
        insert into recipe_inspection (recipe_id, pharmacy_id, pharmacist_id, decision, reject_code, reason, shown,
          created_at, updated_at)
        select t.recipe_id, t.pharmacy_id, t.pharmacist_id, t.decision, t.reject_code, t.reason, t.shown, t.at, t.at
        from jsonb_to_recordset(${JSON.stringify(inspections)}::jsonb) as t(recipe_id int, pharmacy_id int,
          pharmacist_id int, decision text, reject_code text, reason text, shown jsonb, at timestamptz)`);
    }
    const orderLinks = recipeRows.flatMap((x, i) => (x.order_id ? [{ order_id: x.order_id, recipe_id: ids[i] }] : []));
    if (orderLinks.length) {
      await tx.execute(sql`
        update orders o set recipe_id = t.recipe_id
        from jsonb_to_recordset(${JSON.stringify(orderLinks)}::jsonb) as t(order_id int, recipe_id int)
        where o.id = t.order_id`);
    }
  }

  await seedHealthForms(tx, r, now, {
    // the demo patient's father (hypertension and diabetes) and generated patients; the demo patient's own record is
    // left to the patient (and the health tests) to fill
    members: [...(father ? [father] : []), ...others.slice(7, 21)],
    doctors: [drZhang, drLi],
  });
  await linkMessages(tx, now, { zhang: drZhang, pudong: p1, pharmacist: acc('13800000006') });
  return true;
}

// ---------------------------------------------------------------------------------------------------------------------
// Health forms

const HEALTH_REJECT_REASONS = [
  '血压测量值与既往记录差异较大，请在安静休息 5 分钟后复测并重新填写',
  '正在使用的药物未填写剂量，请补充完整后重新提交',
  '身高体重数据疑似填写有误，请核对后重新填写',
];

async function seedHealthForms(
  tx: DbExecutor,
  r: Rand,
  now: number,
  { members, doctors }: { members: Member[]; doctors: Doctor[] },
) {
  const forms: Record<string, unknown>[] = [];
  const measurements: Record<string, unknown>[] = [];
  members.slice(0, 15).forEach((m, k) => {
    const female = m.gender === 'female';
    const age = m.birthday ? Math.floor((now - Date.parse(m.birthday)) / (365.25 * DAY)) : 45;
    const past = m.past_medical_history.join('');
    const hypertensive = /高血压/.test(past) || (age > 55 && k % 3 === 0);
    const diabetic = /糖尿病/.test(past) || k % 5 === 1;
    let height = Math.round((female ? 158 : 170) + (r() - 0.5) * 12);
    // 160 cm is left to the health tests' own old measurement of the demo patient
    if (height === 160) height = 161;
    const bmiStart = 22 + r() * 6 + (hypertensive ? 1.5 : 0);
    const weightStart = (bmiStart * height * height) / 10000;
    // a year of monthly measurements: treated patients trend down towards their targets
    const weightEnd = weightStart - (bmiStart > 25 ? 2 + r() * 4 : r() * 1.5 - 0.5);
    const sysStart = hypertensive ? int(r, 148, 162) : int(r, 112, 128);
    const sysEnd = hypertensive ? int(r, 128, 138) : sysStart + int(r, -4, 4);
    const sugarStart = diabetic ? 7.6 + r() * 1.6 : 4.7 + r() * 0.7;
    const sugarEnd = diabetic ? 6.2 + r() * 0.8 : sugarStart + (r() - 0.5) * 0.3;
    const status = k % 5 === 4 ? 'rejected' : k % 5 < 2 ? 'submitted' : 'approved';
    const submitted = now - (status === 'submitted' ? int(r, 1, 40) * HOUR : int(r, 3, 60) * DAY);
    // a year of monthly measurements, the last one the form's own (a submission writes its measurement at its
    // submitted_at, health.repository.ts): treated patients trend down towards their targets
    let last = { weight: 0, sys: 0, dia: 0, sugar: 0 };
    for (let i = 11; i >= 0; i--) {
      const f = (11 - i) / 11;
      const at = i === 0 ? submitted : submitted - i * 30 * DAY - int(r, 0, 3) * DAY - int(r, 0, 2) * HOUR;
      const weight = +(weightStart + (weightEnd - weightStart) * f + (r() - 0.5) * 0.8).toFixed(1);
      const sys = Math.round(sysStart + (sysEnd - sysStart) * f + (r() - 0.5) * 8);
      const dia = Math.round(sys * (0.6 + r() * 0.05));
      const sugar = +(sugarStart + (sugarEnd - sugarStart) * f + (r() - 0.5) * 0.6).toFixed(1);
      last = { weight, sys, dia, sugar };
      measurements.push({
        account_id: m.account_id,
        family_member_id: m.id,
        measured_at: new Date(at).toISOString(),
        height_cm: i === 11 || i === 0 ? height : null,
        weight_kg: weight,
        systolic: sys,
        diastolic: dia,
        blood_sugar: diabetic || i % 3 === 0 ? sugar : null,
      });
    }
    const chronic = [
      ...(hypertensive ? ['高血压'] : []),
      ...(diabetic ? ['糖尿病'] : []),
      ...(/高脂|血脂/.test(past) ? ['高脂血症'] : []),
      ...(/胃炎/.test(past) ? ['慢性胃炎'] : []),
    ];
    const medications = [
      ...(hypertensive ? ['苯磺酸氨氯地平片 5mg 每日1次'] : []),
      ...(diabetic ? ['盐酸二甲双胍缓释片 0.5g 每日2次'] : []),
    ].join('；');
    const allergy = m.allergy_history.join('、');
    forms.push({
      account_id: m.account_id,
      family_member_id: m.id,
      doctor_id: doctors[k % 5 === 3 ? 1 : 0].id,
      answers: {
        height_cm: height,
        weight_kg: last.weight,
        systolic: last.sys,
        diastolic: last.dia,
        blood_sugar: last.sugar,
        smoking: age > 50 && !female && k % 2 === 0 ? 'quit' : k % 7 === 3 && !female ? 'current' : 'never',
        drinking: female ? 'never' : pick(r, ['never', 'sometimes', 'sometimes', 'often']),
        exercise: pick(r, ['none', 'weekly_1_2', 'weekly_3_5', 'daily']),
        chronic_conditions: chronic,
        medications,
        allergy_confirm: allergy ? 'yes' : 'none',
        allergy_detail: allergy,
        pregnancy: 'none',
        note: hypertensive ? '每天早晚在家自测血压' : '',
      },
      status,
      submitted_at: new Date(submitted).toISOString(),
      reviewed_at: status === 'submitted' ? null : new Date(submitted + int(r, 2, 20) * HOUR).toISOString(),
      reject_reason: status === 'rejected' ? HEALTH_REJECT_REASONS[k % HEALTH_REJECT_REASONS.length] : '',
      created_at: new Date(submitted).toISOString(),
    });
  });
  if (!forms.length) return;
  await tx.execute(sql`
    insert into health_collection (account_id, family_member_id, doctor_id, answers, status, submitted_at,
      reviewed_at, reject_reason, created_at, updated_at)
    select t.account_id, t.family_member_id, t.doctor_id, t.answers, t.status, t.submitted_at, t.reviewed_at,
      t.reject_reason, t.created_at, coalesce(t.reviewed_at, t.created_at)
    from jsonb_to_recordset(${JSON.stringify(forms)}::jsonb) as t(account_id int, family_member_id int, doctor_id int,
      answers jsonb, status text, submitted_at timestamptz, reviewed_at timestamptz, reject_reason text,
      created_at timestamptz)
    order by t.created_at`);
  await tx.execute(sql`
    insert into health_measurement (account_id, family_member_id, measured_at, height_cm, weight_kg, systolic,
      diastolic, blood_sugar, created_at, updated_at)
    select t.account_id, t.family_member_id, t.measured_at, t.height_cm, t.weight_kg, t.systolic, t.diastolic,
      t.blood_sugar, t.measured_at, t.measured_at
    from jsonb_to_recordset(${JSON.stringify(measurements)}::jsonb) as t(account_id int, family_member_id int,
      measured_at timestamptz, height_cm numeric, weight_kg numeric, systolic int, diastolic int, blood_sugar numeric)
    order by t.measured_at`);
}

// ---------------------------------------------------------------------------------------------------------------------
// Messages

const maskName = (name: string) => `${[...name][0] ?? ''}**`;
const rejectLabel = (code: string) => inspectionRejectReasons.find((x) => x.code === code)?.label ?? '';

/**
 * The foundation seed's clinical messages (demo-data.ts) name what the clinical seed wrote: the doctor's new request
 * (李建军's renewal) and rejected prescription, the pharmacist's waiting prescriptions.
 */
async function linkMessages(tx: DbExecutor, now: number, ids: { zhang: Doctor; pudong: number; pharmacist: number }) {
  const rows = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(tx, q)).rows;
  const [request] = await rows<{ id: number; patient_name: string; item: string; created_at: string }>(sql`
    select id, patient_name, coalesce(wanted_items->0->>'name', '') as item, created_at::text from consultation_request
    where doctor_id = ${ids.zhang.id} and status = 'pending' and source = 'staff' order by id desc limit 1`);
  if (request) {
    await tx.execute(sql`
      update message set content = ${`患者 ${maskName(request.patient_name)} 提交了复诊开方需求：高血压，需续开${request.item}。`},
        link = '/doctor/consultationNeeds', created_at = ${request.created_at}::timestamptz,
        updated_at = ${request.created_at}::timestamptz
      where account_id = ${ids.zhang.accountId} and kind = 'recipe' and title = '新的问诊需求'`);
  }
  const [rejected] = await rows<{
    recipe_no: string;
    reject_code: string;
    reject_reason: string;
    inspected_at: string;
  }>(sql`
    select recipe_no, reject_code, reject_reason, inspected_at::text from recipe
    where doctor_id = ${ids.zhang.id} and status = 'rejected' order by inspected_at desc limit 1`);
  if (rejected) {
    await tx.execute(sql`
      update message set content = ${`处方 ${rejected.recipe_no} 被药师驳回，原因：${rejectLabel(rejected.reject_code)}（${rejected.reject_reason}），请核实后重新开具。`},
        link = ${`/doctor/prescription?recipe_no=${rejected.recipe_no}`},
        created_at = ${rejected.inspected_at}::timestamptz, updated_at = ${rejected.inspected_at}::timestamptz
      where account_id = ${ids.zhang.accountId} and kind = 'recipe' and title = '处方审核未通过'`);
  }
  const [waiting] = await rows<{ n: number; oldest: string | null }>(sql`
    select count(*)::int as n, min(created_at)::text as oldest from recipe
    where pharmacy_id = ${ids.pudong} and status = 'pending_inspection'`);
  if (waiting?.n && waiting.oldest) {
    const minutes = Math.max(1, Math.round((now - Date.parse(waiting.oldest)) / MINUTE));
    const waited = minutes >= 120 ? `${Math.floor(minutes / 60)} 小时` : `${minutes} 分钟`;
    await tx.execute(sql`
      update message set content = ${`您有 ${waiting.n} 张处方等待审核，最早一张已等待 ${waited}。`},
        created_at = ${new Date(now - 25 * MINUTE).toISOString()}::timestamptz
      where account_id = ${ids.pharmacist} and kind = 'recipe' and title = '待审核处方'`);
  }
}
