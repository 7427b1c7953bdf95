import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../lib/crypto';
import { queryRows } from '../../../lib/sql-rows';
import { DEMO_PASSWORD } from '../demo-data';
import type { MarketingSeedContext } from './context';

/** The demo login of the blacklisted patient (password Demo@12345): their order at the first pharmacy is refused. */
export const BLACKLISTED_DEMO_PHONE = '13900000009';

/**
 * Marketing demo data: the blacklist of the first demo pharmacy (the one whose list already holds the phone-only
 * 13700000009 from the foundation seed):
 * - a patient who ordered there before (the generated patient with the most completed orders at the pharmacy) gets
 *   the demo phone 13900000009 and the demo password, so the refusal can be shown by signing in; blacklisted by
 *   account with a reason, added by the manager 13800000003. A viper and a customer_info row (a customer) if missing.
 * - another ordering patient, by account, added by the customer service 13800000004;
 * - a phone-only entry (no account has it).
 * Idempotent: nothing when 13900000009 exists.
 * Then health forms for the manager's 健康表审核 (seedCustomerHealthForms): the clinical seed's forms are mostly of
 * patients who are no customer of the pharmacy.
 */
export async function seedBlacklist(ctx: MarketingSeedContext): Promise<void> {
  const { tx, now } = ctx;
  if ((await queryRows(tx, sql`select 1 from account where phone = ${BLACKLISTED_DEMO_PHONE}`)).rows.length) return;
  await seedCustomerHealthForms(ctx);
  const pharmacy = (
    await queryRows<{ id: number }>(tx, sql`select pharmacy_id as id from black_user where phone = '13700000009'`)
  ).rows[0];
  if (!pharmacy) return;
  const pharmacyId = pharmacy.id;
  const staff = (
    await queryRows<{ phone: string; id: number }>(
      tx,
      sql`select phone, id from account where phone in ('13800000003', '13800000004')`,
    )
  ).rows;
  const manager = staff.find((s) => s.phone === '13800000003')?.id ?? null;
  const service = staff.find((s) => s.phone === '13800000004')?.id ?? null;

  // generated patients (no password, not a demo phone) who completed orders at the pharmacy, most orders first
  const buyers = (
    await queryRows<{ id: number; name: string }>(
      tx,
      sql`select a.id, a.name from account a
        join orders o on o.account_id = a.id and o.pharmacy_id = ${pharmacyId} and o.status = 'completed'
        where a.password_hash is null and a.phone not like '1390000%' and a.phone not like '1380000%'
          and not exists (select 1 from black_user b where b.account_id = a.id or b.phone = a.phone)
          and not exists (select 1 from orders p where p.account_id = a.id and p.kind in ('proxy', 'non_drug'))
        group by a.id, a.name order by count(*) desc, a.id limit 2`,
    )
  ).rows;
  if (buyers.length === 0) return;
  const [patient, other] = buyers;

  const hash = await hashPassword(DEMO_PASSWORD);
  await tx.execute(
    sql`update account set phone = ${BLACKLISTED_DEMO_PHONE}, phone_user_id = ${`pu_${BLACKLISTED_DEMO_PHONE}`},
        password_hash = ${hash}, updated_at = now()
      where id = ${patient.id}`,
  );
  const blocked = [patient, other].filter((p): p is { id: number; name: string } => p !== undefined);
  for (const p of blocked) {
    await tx.execute(
      sql`insert into viper (pharmacy_id, account_id) values (${pharmacyId}, ${p.id}) on conflict do nothing`,
    );
    await tx.execute(
      sql`insert into customer_info (pharmacy_id, account_id, source, owner_account_id)
        values (${pharmacyId}, ${p.id}, '门店', ${service}) on conflict do nothing`,
    );
  }
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
  await tx.execute(
    sql`insert into black_user (pharmacy_id, account_id, phone, reason, created_by, created_at, updated_at)
      select ${pharmacyId}, a.id, a.phone, v.reason, v.created_by, v.at::timestamptz, v.at::timestamptz
      from (values
        (${patient.id}::int, '多次下单后恶意拒收，并在客服会话中辱骂药师', ${manager}::int, ${at(6)}),
        (${other?.id ?? 0}::int, '使用他人医保卡购药，已核实', ${service}::int, ${at(19)})
      ) v(account_id, reason, created_by, at)
      join account a on a.id = v.account_id
      on conflict (pharmacy_id, phone) do nothing`,
  );
  await tx.execute(
    sql`insert into black_user (pharmacy_id, account_id, phone, reason, created_by, created_at, updated_at)
      values (${pharmacyId}, null, '13612345678', '反复来电骚扰客服，冒充药监部门', ${manager}, ${at(33)}::timestamptz,
        ${at(33)}::timestamptz)
      on conflict (pharmacy_id, phone) do nothing`,
  );
}

const HEALTH_PLAN = [
  'submitted',
  'submitted',
  'approved',
  'submitted',
  'rejected',
  'approved',
  'submitted',
  'approved',
  'rejected',
  'submitted',
] as const;
const REJECT_REASONS = ['血压数值与近期测量差异较大，请复测后重新填写', '请补充正在服用的药物名称和剂量'];

/**
 * Health forms of ten customers' family members at the first demo pharmacy (members without any form yet, not the
 * demo logins' (139 0000 xxxx) nor the blacklisted ones): pending, approved and rejected, assigned to the first
 * active doctor, so the manager's 健康表审核 shows every tab. The values are derived from the row's position (no
 * random stream needed).
 */
async function seedCustomerHealthForms(ctx: MarketingSeedContext) {
  const { tx, now } = ctx;
  const members = (
    await queryRows<{ id: number; account_id: number; gender: string | null; allergy_history: string[] | null }>(
      tx,
      sql`select f.id, f.account_id, f.gender, f.allergy_history from customer_info ci
        join family_member f on f.account_id = ci.account_id
        join account a on a.id = ci.account_id and a.phone not like '1390000%'
        where ci.pharmacy_id = (select pharmacy_id from black_user where phone = '13700000009')
          and not exists (select 1 from health_collection h where h.family_member_id = f.id)
          and not exists (select 1 from black_user b where b.account_id = ci.account_id)
        order by ci.id, f.id limit ${HEALTH_PLAN.length}`,
    )
  ).rows;
  const doctor = (
    await queryRows<{ id: number }>(tx, sql`select id from doctor where status = 'active' order by id limit 1`)
  ).rows[0];
  if (!members.length || !doctor) return;
  const hour = 3_600_000;
  const forms = members.map((m, k) => {
    const status = HEALTH_PLAN[k];
    const submitted = now - (k * 17 + 5) * hour;
    const female = m.gender === 'female';
    const height = female ? 158 + (k % 5) * 2 : 168 + (k % 6) * 2;
    const weight = +(female ? 52 + k * 1.7 : 64 + k * 2.3).toFixed(1);
    const systolic = 118 + ((k * 7) % 30);
    const allergy = (m.allergy_history ?? []).join('、');
    return {
      account_id: m.account_id,
      family_member_id: m.id,
      answers: {
        height_cm: height,
        weight_kg: weight,
        systolic,
        diastolic: Math.round(systolic * 0.64),
        blood_sugar: +(5 + (k % 4) * 0.6).toFixed(1),
        smoking: female ? 'never' : k % 3 === 0 ? 'quit' : 'never',
        drinking: female ? 'never' : k % 2 === 0 ? 'sometimes' : 'never',
        exercise: ['weekly_1_2', 'weekly_3_5', 'daily', 'none'][k % 4],
        chronic_conditions: systolic >= 140 ? ['高血压'] : [],
        medications: systolic >= 140 ? '苯磺酸氨氯地平片 5mg 每日1次' : '',
        allergy_confirm: allergy ? 'yes' : 'none',
        allergy_detail: allergy,
        pregnancy: 'none',
        note: k % 3 === 1 ? '近期睡眠不好，偶有头晕' : '',
      },
      status,
      submitted_at: new Date(submitted).toISOString(),
      reviewed_at: status === 'submitted' ? null : new Date(submitted + 6 * hour).toISOString(),
      reject_reason: status === 'rejected' ? REJECT_REASONS[k % REJECT_REASONS.length] : '',
    };
  });
  await tx.execute(sql`
    insert into health_collection (account_id, family_member_id, doctor_id, answers, status, submitted_at,
      reviewed_at, reject_reason, created_at, updated_at)
    select t.account_id, t.family_member_id, ${doctor.id}, t.answers, t.status, t.submitted_at, t.reviewed_at,
      t.reject_reason, t.submitted_at, coalesce(t.reviewed_at, t.submitted_at)
    from jsonb_to_recordset(${JSON.stringify(forms)}::jsonb) as t(account_id int, family_member_id int,
      answers jsonb, status text, submitted_at timestamptz, reviewed_at timestamptz, reject_reason text)
    order by t.submitted_at`);
  // as the health module keeps them: the submission's own measurement at its submitted_at, and a year of monthly
  // measurements before it (the chart the reviewer opens)
  const month = 30 * 24 * hour;
  const measurements = forms.flatMap((f) => {
    const at = Date.parse(f.submitted_at);
    const a = f.answers;
    return Array.from({ length: 13 }, (_, i) => {
      const drift = 12 - i; // 12 … 0 months before the submission
      return {
        account_id: f.account_id,
        family_member_id: f.family_member_id,
        measured_at: new Date(at - drift * month).toISOString(),
        height_cm: a.height_cm,
        weight_kg: drift === 0 ? a.weight_kg : +(a.weight_kg + ((drift * 3) % 7) * 0.4 - 1.2).toFixed(1),
        systolic: drift === 0 ? a.systolic : a.systolic + ((drift * 5) % 11) - 5,
        diastolic: drift === 0 ? a.diastolic : a.diastolic + ((drift * 3) % 7) - 3,
        blood_sugar: drift === 0 ? a.blood_sugar : +(a.blood_sugar + ((drift * 2) % 5) * 0.1 - 0.2).toFixed(1),
      };
    });
  });
  await tx.execute(sql`
    insert into health_measurement (account_id, family_member_id, measured_at, height_cm, weight_kg, systolic,
      diastolic, blood_sugar, created_at, updated_at)
    select t.account_id, t.family_member_id, t.measured_at, t.height_cm, t.weight_kg, t.systolic, t.diastolic,
      t.blood_sugar, t.measured_at, t.measured_at
    from jsonb_to_recordset(${JSON.stringify(measurements)}::jsonb) as t(account_id int, family_member_id int,
      measured_at timestamptz, height_cm numeric, weight_kg numeric, systolic int, diastolic int, blood_sugar numeric)
    order by t.measured_at`);
}
