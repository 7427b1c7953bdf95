import {
  consultationStatuses,
  healthAnswersSchema,
  healthFormStatuses,
  inspectionRejectCodes,
  recipeItemSchema,
  recipeStatuses,
  recipeWarningSchema,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../lib/sql-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { beijingPharmacist, demoDoctors } from './clinical';

// The clinical demo data (seed/clinical.ts) as the seeded app has it: coherent with the demo orders, in every state.

let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.database.db, query)).rows;

beforeAll(async () => {
  t = await createTestApp();
}, 180_000);
afterAll(async () => t?.close());

describe('clinical demo data', () => {
  it('gives every RX order past review an approved prescription with an approving inspection by its pharmacist', async () => {
    const list = await rows<{
      id: number;
      pharmacy_id: number;
      shipped_at: string | null;
      paid_at: string;
      recipe_status: string | null;
      recipe_order: number | null;
      recipe_pharmacy: number | null;
      recipe_created: string | null;
      inspected_at: string | null;
      decisions: string[] | null;
      inspector_is_pharmacist: boolean | null;
      request_status: string | null;
      request_created: string | null;
      decided_at: string | null;
    }>(sql`
      select o.id, o.pharmacy_id, o.shipped_at::text, o.paid_at::text, r.status as recipe_status,
        r.order_id as recipe_order, r.pharmacy_id as recipe_pharmacy, r.created_at::text as recipe_created,
        r.inspected_at::text,
        (select array_agg(i.decision order by i.id) from recipe_inspection i where i.recipe_id = r.id) as decisions,
        (select bool_and(exists (select 1 from pharmacy_member m where m.account_id = i.pharmacist_id
            and m.pharmacy_id = o.pharmacy_id and m.role = 'pharmacist'))
         from recipe_inspection i where i.recipe_id = r.id) as inspector_is_pharmacist,
        c.status as request_status, c.created_at::text as request_created, c.decided_at::text
      from orders o left join recipe r on r.id = o.recipe_id
      left join consultation_request c on c.order_id = o.id
      where o.has_rx and o.status in ('pending_shipment', 'shipped', 'completed')`);
    expect(list.length).toBeGreaterThan(20);
    for (const o of list) {
      expect(o.recipe_status, `order ${o.id}`).toBe('approved');
      expect(o.recipe_order).toBe(o.id);
      expect(o.recipe_pharmacy).toBe(o.pharmacy_id);
      expect(o.decisions).toEqual(['approve']);
      expect(o.inspector_is_pharmacist).toBe(true);
      expect(o.request_status).toBe('prescribed');
      // paid → request decided → prescription written → inspected → shipped
      const times = [o.paid_at, o.decided_at, o.recipe_created, o.inspected_at, o.shipped_at]
        .filter((x) => x !== null)
        .map((x) => Date.parse(x!));
      expect(times, `order ${o.id}`).toEqual(times.toSorted((a, b) => a - b));
      expect(Date.parse(o.request_created!)).toBe(Date.parse(o.paid_at));
    }
  });

  it('gives every RX order waiting for review exactly one request, waiting for the doctor or the pharmacist', async () => {
    const list = await rows<{ id: number; requests: number; statuses: string[]; recipe: string | null }>(sql`
      select o.id, (select count(*)::int from consultation_request c where c.order_id = o.id) as requests,
        (select array_agg(c.status) from consultation_request c where c.order_id = o.id) as statuses,
        (select r.status from recipe r where r.id = o.recipe_id) as recipe
      from orders o where o.has_rx and o.status = 'pending_review'`);
    expect(list.length).toBeGreaterThan(5);
    for (const o of list) {
      expect(o.requests, `order ${o.id}`).toBe(1);
      expect(['pending', 'approved', 'prescribed']).toContain(o.statuses[0]);
      expect(o.recipe).toBe(o.statuses[0] === 'prescribed' ? 'pending_inspection' : null);
    }
    const states = new Set(list.map((o) => o.statuses[0]));
    expect([...states].sort()).toEqual(['approved', 'pending', 'prescribed']);
  });

  it('gives every order the review cancelled a prescription the pharmacist rejected with a listed reason', async () => {
    const list = await rows<{ id: number; status: string; code: string; reason: string; decisions: string[] }>(sql`
      select o.id, r.status, r.reject_code as code, r.reject_reason as reason,
        (select array_agg(i.decision || ':' || i.reject_code) from recipe_inspection i where i.recipe_id = r.id) as decisions
      from orders o join recipe r on r.id = o.recipe_id where o.cancelled_by = 'review'`);
    const all = await rows<{ n: number }>(sql`select count(*)::int as n from orders where cancelled_by = 'review'`);
    expect(list.length).toBe(all[0].n);
    expect(list.length).toBeGreaterThan(0);
    for (const o of list) {
      expect(o.status).toBe('rejected');
      expect(inspectionRejectCodes).toContain(o.code);
      expect(o.reason).not.toBe('');
      expect(o.decisions).toEqual([`reject:${o.code}`]);
    }
  });

  it('writes prescriptions of real catalogue medicines with coded dosage and the aids’ warnings overridden', async () => {
    const list = await rows<{
      id: number;
      status: string;
      items: unknown[];
      warnings: unknown[];
      diagnoses: string[];
      signature_url: string;
      products: { id: number; type: string }[];
    }>(sql`
      select r.id, r.status, r.items, r.warnings, r.diagnoses, r.signature_url,
        (select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'type', p.type)), '[]') from product p
         where p.id in (select (x->>'product_id')::int from jsonb_array_elements(r.items) x)) as products
      from recipe r`);
    expect(list.length).toBeGreaterThan(50);
    for (const r of list) {
      expect(r.items.length, `recipe ${r.id}`).toBeGreaterThan(0);
      expect(r.diagnoses.length).toBeGreaterThan(0);
      expect(r.signature_url).toMatch(/^\/demo\/clinical\/signature-/);
      for (const raw of r.items) {
        const item = recipeItemSchema.parse(raw);
        const product = r.products.find((p) => p.id === item.product_id);
        expect(product, `recipe ${r.id} product ${item.product_id}`).toBeDefined();
        expect(['RX', 'OTC']).toContain(product!.type);
        expect(item.type).toBe(product!.type);
      }
      for (const raw of r.warnings) {
        const w = recipeWarningSchema.parse(raw);
        expect(w.override_reason, `recipe ${r.id} ${w.code}`).not.toBe('');
      }
    }
    expect(new Set(list.map((r) => r.status))).toEqual(new Set(recipeStatuses));
  });

  it('puts real prescriptions in the Pudong pharmacist’s waiting tab: two images to merge, an overridden allergy', async () => {
    const [pudong] = await rows<{ id: number }>(sql`select id from pharmacy where name = '仁心大药房(上海浦东店)'`);
    const waiting = await rows<{
      images: string[];
      allergies: string[];
      warnings: { code: string }[];
      items: { name: string }[];
    }>(sql`
      select images, allergies, warnings, items from recipe where pharmacy_id = ${pudong.id} and status = 'pending_inspection'`);
    expect(waiting.length).toBeGreaterThanOrEqual(3);
    expect(waiting.some((r) => r.images.length >= 2)).toBe(true);
    const allergic = waiting.find((r) => r.warnings.some((w) => w.code === 'allergy'));
    expect(allergic?.allergies).toContain('青霉素类');
    expect(allergic?.items.some((i) => i.name.includes('阿莫西林'))).toBe(true);
  });

  it('has requests in every state, from orders and added by the doctors, for both demo doctors', async () => {
    const list = await rows<{ status: string; source: string; phone: string; created_by_doctor: boolean }>(sql`
      select c.status, c.source, a.phone, c.created_by = d.account_id as created_by_doctor
      from consultation_request c join doctor d on d.id = c.doctor_id join account a on a.id = d.account_id`);
    expect(new Set(list.map((c) => c.status))).toEqual(new Set(consultationStatuses));
    const staff = list.filter((c) => c.source === 'staff');
    expect(staff.length).toBeGreaterThan(3);
    expect(staff.every((c) => c.created_by_doctor)).toBe(true);
    for (const d of demoDoctors) {
      expect(list.filter((c) => c.phone === d.phone && c.status === 'pending').length, d.name).toBeGreaterThan(0);
    }
    const images = await rows<{ url: string }>(
      sql`select distinct unnest(images) as url from consultation_request union select signature_url from doctor`,
    );
    expect(images.length).toBeGreaterThan(3);
    for (const { url } of images) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
  });

  it('keeps list_count equal to count(*) for the clinical lists', async () => {
    const [wrong] = await rows<{ n: number; kept: number }>(sql`
      with real as (
        select 'recipe' as scope, pharmacy_id as owner_id, status as bucket, count(*) as n from recipe group by 1, 2, 3
        union all select 'recipe_doctor', doctor_id, status, count(*) from recipe group by 1, 2, 3
        union all select 'consultation', doctor_id, status, count(*) from consultation_request
          where doctor_id is not null group by 1, 2, 3)
      , kept as (select scope, owner_id, bucket, n from list_count where scope in ('recipe', 'recipe_doctor', 'consultation'))
      select count(*) filter (where coalesce(r.n, 0) <> coalesce(k.n, 0))::int as n, count(k.n)::int as kept
      from real r full join kept k using (scope, owner_id, bucket)`);
    expect(wrong.kept).toBeGreaterThan(5);
    expect(wrong.n).toBe(0);
  });

  it('has health forms in every status with a year of monthly measurements', async () => {
    const forms = await rows<{
      status: string;
      answers: { weight_kg: number };
      member: number;
      months: number;
      span: number;
      own: string | null;
    }>(sql`
      select h.status, h.answers, h.family_member_id as member,
        (select m.weight_kg::text from health_measurement m where m.family_member_id = h.family_member_id
           and m.measured_at = h.submitted_at) as own,
        (select count(*)::int from health_measurement m where m.family_member_id = h.family_member_id) as months,
        (select extract(day from max(m.measured_at) - min(m.measured_at))::int from health_measurement m
         where m.family_member_id = h.family_member_id) as span
      from health_collection h`);
    expect(forms.length).toBeGreaterThanOrEqual(15);
    expect(new Set(forms.map((f) => f.status))).toEqual(new Set(healthFormStatuses));
    for (const f of forms) {
      expect(() => healthAnswersSchema.parse(f.answers)).not.toThrow();
      expect(f.months).toBeGreaterThanOrEqual(12);
      // the submission's own measurement, as the health module writes it
      expect(Number(f.own)).toBe(f.answers.weight_kg);
      expect(f.span).toBeGreaterThan(300);
    }
  });

  it('links the seeded clinical messages to rows that exist', async () => {
    const messages = await rows<{ title: string; content: string; link: string | null }>(sql`
      select m.title, m.content, m.link from message m where m.kind = 'recipe'`);
    expect(messages.length).toBeGreaterThan(2);
    for (const m of messages) {
      expect(m.content).not.toMatch(/\{|CF\d/);
      const no = /recipe_no=(RX\d+)/.exec(m.link ?? '')?.[1];
      if (no) {
        const [found] = await rows<{ n: number }>(sql`select count(*)::int as n from recipe where recipe_no = ${no}`);
        expect(found.n, m.link!).toBe(1);
        expect(m.content).toContain(no);
      }
    }
    const [pudong] = await rows<{ n: number }>(sql`
      select count(*)::int as n from recipe r join pharmacy p on p.id = r.pharmacy_id
      where p.name = '仁心大药房(上海浦东店)' and r.status = 'pending_inspection'`);
    const waiting = messages.find((m) => m.title === '待审核处方');
    expect(waiting?.content).toContain(`您有 ${pudong.n} 张处方等待审核`);
  });

  it('lets the second demo doctor and the Beijing pharmacist sign in', async () => {
    for (const phone of [demoDoctors[1].phone, beijingPharmacist.phone]) {
      expect(await t.login(phone)).toMatch(/.+/);
    }
    const [li] = await rows<{ status: string; hospital: string; diagnoses: number }>(sql`
      select d.status, d.hospital, (select count(*)::int from common_diagnose c where c.doctor_id = d.id) as diagnoses
      from doctor d join account a on a.id = d.account_id where a.phone = ${demoDoctors[1].phone}`);
    expect(li).toMatchObject({ status: 'active', hospital: demoDoctors[1].hospital });
    expect(li.diagnoses).toBe(demoDoctors[1].diagnoses.length);
  });
});
