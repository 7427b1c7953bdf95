import type { OrderStatus, SfWaybill } from '@pharmacy/shared';
import { sql } from 'drizzle-orm';
import type { Database, DbExecutor, Transaction } from '../../db/client';
import { queryRows } from '../../lib/sql-rows';

/** An order as shipping reads it: its state and where it goes. */
export interface ShippingOrderRow {
  id: number;
  order_no: string;
  pharmacy_id: number;
  status: OrderStatus;
  receiver_name: string;
  receiver_phone: string;
  province: string;
  city: string;
  district: string;
  address_detail: string;
}

export interface CourierRow {
  id: number;
  courier_code: string;
  company_name: string;
  account_no: string;
  is_default: boolean;
  sender_name: string;
  sender_phone: string;
  sender_province: string;
  sender_city: string;
  sender_district: string;
  sender_address: string;
}

export interface ExpressRow {
  id: number;
  order_id: number;
  courier_code: string;
  company_name: string;
  tracking_no: string;
  source: 'manual' | 'batch' | 'sf';
  waybill_data: (SfWaybill & { sender?: unknown; receiver?: unknown; items?: string; remark?: string }) | null;
  shipped_at: Date;
}

export interface NewExpress {
  orderId: number;
  pharmacyId: number;
  courierCode: string;
  companyName: string;
  trackingNo: string;
  source: 'manual' | 'batch' | 'sf';
  waybillData: unknown;
  createdBy: number | null;
}

const orderColumns = sql`id, order_no, pharmacy_id, status, receiver_name, receiver_phone, province, city, district,
  address_detail`;
const expressColumns = sql`id, order_id, courier_code, company_name, tracking_no, source, waybill_data, shipped_at`;

/** Shipping's SQL: every read of a pharmacy's rows is filtered on its pharmacy. */
export class ShippingRepository {
  constructor(readonly db: Database) {}

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  async order(pharmacyId: number, id: number, db: DbExecutor = this.db): Promise<ShippingOrderRow | null> {
    const { rows } = await queryRows<ShippingOrderRow>(
      db,
      sql`select ${orderColumns} from orders
          where id = ${id} and pharmacy_id = ${pharmacyId} and deleted_at is null`,
    );
    return rows[0] ?? null;
  }

  async ordersByIds(pharmacyId: number, ids: number[]): Promise<ShippingOrderRow[]> {
    const { rows } = await queryRows<ShippingOrderRow>(
      this.db,
      sql`select ${orderColumns} from orders
          where pharmacy_id = ${pharmacyId} and deleted_at is null
            and id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
    );
    return rows;
  }

  /** This pharmacy's live orders among the numbers (another pharmacy's read as missing). */
  async ordersByNo(pharmacyId: number, orderNos: string[], db: DbExecutor = this.db): Promise<ShippingOrderRow[]> {
    if (orderNos.length === 0) return [];
    const { rows } = await queryRows<ShippingOrderRow>(
      db,
      sql`select ${orderColumns} from orders
          where pharmacy_id = ${pharmacyId} and deleted_at is null
            and order_no in (${sql.join(
              orderNos.map((n) => sql`${n}`),
              sql`, `,
            )})`,
    );
    return rows;
  }

  /** Lines of orders as the label and the SF cargo summarise them, in order. */
  async items(orderIds: number[]): Promise<Map<number, { name: string; spec: string; qty: number }[]>> {
    const out = new Map<number, { name: string; spec: string; qty: number }[]>();
    if (orderIds.length === 0) return out;
    const { rows } = await queryRows<{ order_id: number; name: string; spec: string; qty: number }>(
      this.db,
      sql`select order_id, name, spec, qty from order_item
          where order_id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by order_id, id`,
    );
    for (const r of rows) {
      const list = out.get(r.order_id) ?? [];
      list.push({ name: r.name, spec: r.spec, qty: r.qty });
      out.set(r.order_id, list);
    }
    return out;
  }

  /** The pharmacy's enabled couriers, the default first. */
  async couriers(pharmacyId: number): Promise<CourierRow[]> {
    const { rows } = await queryRows<CourierRow>(
      this.db,
      sql`select id, courier_code, company_name, account_no, is_default, sender_name, sender_phone, sender_province,
            sender_city, sender_district, sender_address
          from pharmacy_courier where pharmacy_id = ${pharmacyId} and status = 'enabled'
          order by is_default desc, id`,
    );
    return rows;
  }

  /** The published names of the courier companies (express_company), by code. */
  async companyNames(): Promise<Map<string, string>> {
    const { rows } = await queryRows<{ code: string; name: string }>(
      this.db,
      sql`select code, name from express_company where status = 'published'`,
    );
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  async insertExpress(tx: DbExecutor, e: NewExpress): Promise<ExpressRow> {
    const { rows } = await queryRows<ExpressRow>(
      tx,
      sql`insert into order_express (order_id, pharmacy_id, courier_code, company_name, tracking_no, source,
            waybill_data, created_by)
          values (${e.orderId}, ${e.pharmacyId}, ${e.courierCode}, ${e.companyName}, ${e.trackingNo}, ${e.source},
            ${e.waybillData === null ? null : JSON.stringify(e.waybillData)}::jsonb, ${e.createdBy})
          returning ${expressColumns}`,
    );
    return rows[0]!;
  }

  /** The latest shipment of each order (of this pharmacy). */
  async latestExpress(pharmacyId: number, orderIds: number[]): Promise<Map<number, ExpressRow>> {
    const out = new Map<number, ExpressRow>();
    if (orderIds.length === 0) return out;
    const { rows } = await queryRows<ExpressRow>(
      this.db,
      sql`select distinct on (order_id) ${expressColumns} from order_express
          where pharmacy_id = ${pharmacyId} and order_id in (${sql.join(
            orderIds.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by order_id, id desc`,
    );
    for (const r of rows) out.set(r.order_id, r);
    return out;
  }

  /** A number for the SF sandbox: the shipment table's identity sequence (never repeats, also across restarts). */
  async nextWaybillSerial(): Promise<string> {
    const { rows } = await queryRows<{ n: string }>(
      this.db,
      sql`select nextval(pg_get_serial_sequence('order_express', 'id'))::text as n`,
    );
    return rows[0]!.n;
  }
}
