import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

/**
 * Opens the consultation request of a paid RX order (order-state.ts calls it in the payment's transaction, when the
 * order enters pending_review): the order's patient and its RX lines (a combo's RX items too), assigned to the
 * pharmacy's default doctor (pharmacy_setting.config.default_doctor_id, when active) or else the active doctor with
 * the fewest pending requests (read from list_count, one row per doctor). docs/clinical.md "Intake".
 * Idempotent: an order has at most one request (consultation_request_order_uq).
 */
export async function openConsultationForOrder(db: DbExecutor, orderId: number): Promise<void> {
  await db.execute(sql`
    insert into consultation_request (pharmacy_id, account_id, family_member_id, doctor_id, order_id, source,
      patient_name, patient_gender, patient_age, description, wanted_items)
    select o.pharmacy_id, o.account_id, o.family_member_id,
      coalesce(
        (select d.id from pharmacy_setting s
           join doctor d on d.status = 'active' and d.id::text = s.config->>'default_doctor_id'
         where s.pharmacy_id = o.pharmacy_id),
        (select d.id from doctor d
           left join list_count c on c.scope = 'consultation' and c.owner_id = d.id and c.bucket = 'pending'
         where d.status = 'active' order by coalesce(c.n, 0), d.id limit 1)),
      o.id, 'order', o.patient_name, o.patient_gender, o.patient_age, o.buyer_remark,
      coalesce((
        select jsonb_agg(w order by ord) from (
          select i.id * 1000 as ord, jsonb_build_object('product_id', i.product_id, 'name', i.name,
              'generic_name', coalesce(p.generic_name, ''), 'spec', i.spec, 'type', i.product_type, 'qty', i.qty) w
          from order_item i left join product p on p.id = i.product_id
          where i.order_id = o.id and i.quote_set_id is null and i.product_type = 'RX'
          union all
          select i.id * 1000 + c.n, jsonb_build_object('product_id', p.id, 'name', p.name,
              'generic_name', p.generic_name, 'spec', p.spec, 'type', p.type, 'qty', (c.item->>'qty')::int * i.qty)
          from order_item i
          cross join lateral jsonb_array_elements(i.combo_items) with ordinality c(item, n)
          join product p on p.id = (c.item->>'product_id')::int and p.type = 'RX'
          where i.order_id = o.id and i.quote_set_id is not null) x), '[]'::jsonb)
    from orders o where o.id = ${orderId}
    on conflict (order_id) where order_id is not null do nothing`);
}
