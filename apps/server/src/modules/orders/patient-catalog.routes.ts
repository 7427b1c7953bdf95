import {
  add,
  patientCatalogContracts as c,
  formatMoney,
  multiply,
  type OrderReceiving,
  type PatientCatalog,
  type PatientComboItem,
  patientCatalogMessages,
} from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { queryRows } from '../../lib/sql-rows';

interface PharmacyRow {
  id: number;
  freight: string;
  free_freight_threshold: string | null;
}

interface ComboRow {
  id: number;
  name: string;
  price: string;
  items: (PatientComboItem & { stock: number; on_shelf: boolean })[];
}

/**
 * What the patient area needs beyond the public directory: one active pharmacy's delivery terms and combos on sale
 * (a shop window, public like the product list), and where to pay for one of my orders (two statements; a suspended or unknown pharmacy answers 404 like a missing one).
 */
export async function patientCatalogRoutes(app: FastifyInstance, _context: ModuleContext) {
  route(app, c.catalog, async (request) => {
    const pharmacyId = request.query.pharmacy_id;
    const { rows } = await queryRows<PharmacyRow>(
      app.db,
      sql`select p.id, coalesce(s.freight, 0)::numeric(12, 2)::text as freight,
            s.free_freight_threshold::numeric(12, 2)::text as free_freight_threshold
          from pharmacy p left join pharmacy_setting s on s.pharmacy_id = p.id
          where p.id = ${pharmacyId} and p.status = 'active'`,
    );
    const pharmacy = rows[0];
    if (!pharmacy) throw AppError.notFound(patientCatalogMessages.pharmacyNotFound);

    const combos = await queryRows<ComboRow>(
      app.db,
      sql`select s.id, s.name, s.price::text as price,
            coalesce(json_agg(json_build_object(
              'quote_id', q.id, 'product_name', p.name, 'spec', p.spec, 'type', p.type,
              'image', p.images[1], 'price', q.price::text, 'qty', i.qty, 'stock', q.stock,
              'on_shelf', q.status = 'on_shelf' and p.status = 'active'
            ) order by i.sort, i.id) filter (where q.id is not null), '[]') as items
          from quote_set s
          left join quote_set_item i on i.quote_set_id = s.id
          left join quote q on q.id = i.quote_id and q.pharmacy_id = s.pharmacy_id
          left join product p on p.id = q.product_id
          where s.pharmacy_id = ${pharmacyId} and s.status = 'on_sale'
          group by s.id
          order by s.id desc
          limit 100`,
    );

    const result: PatientCatalog = {
      pharmacy_id: pharmacy.id,
      freight: pharmacy.freight,
      free_freight_threshold: pharmacy.free_freight_threshold,
      combos: combos.rows
        .filter((combo) => combo.items.length > 0)
        .map((combo) => ({
          id: combo.id,
          name: combo.name,
          price: combo.price,
          original_total: formatMoney(
            combo.items.reduce<string>((sum, item) => add(sum, multiply(item.price, item.qty)), '0'),
          ),
          has_rx: combo.items.some((item) => item.type === 'RX'),
          available: combo.items.every((item) => item.on_shelf)
            ? Math.min(...combo.items.map((item) => Math.floor(item.stock / item.qty)))
            : 0,
          items: combo.items.map(({ stock: _stock, on_shelf: _onShelf, ...item }) => item),
        })),
    };
    return ok(result);
  });

  route(app, c.receiving, async (request) => {
    const { rows: found } = await queryRows<OrderReceiving>(
      app.db,
      sql`select coalesce(s.receiving_bank, '') as bank, coalesce(s.receiving_account_name, '') as account_name,
            coalesce(s.receiving_account_no, '') as account_no, coalesce(s.service_phone, '') as service_phone
          from orders o left join pharmacy_setting s on s.pharmacy_id = o.pharmacy_id
          where o.id = ${request.params.id} and o.account_id = ${request.user!.accountId} and o.deleted_at is null`,
    );
    if (!found[0]) throw AppError.notFound(patientCatalogMessages.orderNotFound, 'Order not found');
    return ok(found[0]);
  });
}
