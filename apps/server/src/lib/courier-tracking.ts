import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { queryRows } from './sql-rows';

/**
 * Where a shipment's tracking events come from (docs/orders.md "Shipping"). A courier's API (SF route push,
 * 快递鸟 …) would be one provider; the built-in one keeps the events staff enter in order_express_event.
 */
export interface TrackingEventRecord {
  id: number;
  occurredAt: Date;
  description: string;
  location: string;
}

export interface CourierTrackingProvider {
  readonly name: string;
  /** The events of one shipment, oldest first. */
  events(shipment: { expressId: number; courierCode: string; trackingNo: string }): Promise<TrackingEventRecord[]>;
  /** Records an event (providers that only read answer false). */
  addEvent?(
    expressId: number,
    event: { occurredAt: Date; description: string; location: string; createdBy: number | null },
  ): Promise<TrackingEventRecord>;
}

/** The built-in provider: the events staff entered for the shipment, from order_express_event. */
export class StoredTrackingProvider implements CourierTrackingProvider {
  readonly name = 'stored';

  constructor(private readonly db: DbExecutor) {}

  async events({ expressId }: { expressId: number }): Promise<TrackingEventRecord[]> {
    const { rows } = await queryRows<{ id: number; occurred_at: Date; description: string; location: string }>(
      this.db,
      sql`select id, occurred_at, description, location from order_express_event
          where express_id = ${expressId} order by occurred_at, id`,
    );
    return rows.map((r) => ({
      id: r.id,
      occurredAt: new Date(r.occurred_at),
      description: r.description,
      location: r.location,
    }));
  }

  async addEvent(
    expressId: number,
    event: { occurredAt: Date; description: string; location: string; createdBy: number | null },
  ): Promise<TrackingEventRecord> {
    const { rows } = await queryRows<{ id: number; occurred_at: Date; description: string; location: string }>(
      this.db,
      sql`insert into order_express_event (express_id, occurred_at, description, location, created_by)
          values (${expressId}, ${event.occurredAt.toISOString()}, ${event.description}, ${event.location},
            ${event.createdBy})
          returning id, occurred_at, description, location`,
    );
    const r = rows[0]!;
    return { id: r.id, occurredAt: new Date(r.occurred_at), description: r.description, location: r.location };
  }
}
