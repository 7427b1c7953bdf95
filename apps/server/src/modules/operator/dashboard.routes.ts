import { dashboardContracts as c, type DashboardOverview } from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { ok, route } from '../../lib/route';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

/**
 * A cached dashboard is answered many times a second: its JSON is written once per computed answer (and per slice)
 * and reused while the service keeps it. The answers are built exactly to the response schemas (dashboard.test.ts
 * parses them strictly), so no schema serialiser is needed; anything else (an error) is plain JSON.
 */
const json = new WeakMap<object, string>();
const cachedJson = {
  serializerCompiler: () => (payload: unknown) => {
    const envelope = payload as { code?: unknown; msg?: unknown; data?: unknown } | null;
    const data = envelope?.data;
    if (envelope?.code !== 0 || typeof data !== 'object' || data === null) return JSON.stringify(payload);
    let text = json.get(data);
    if (text === undefined) {
      text = JSON.stringify(data);
      json.set(data, text);
    }
    return `{"code":0,"msg":${JSON.stringify(envelope.msg)},"data":${text}}`;
  },
};

/** One slice object per computed answer, so its JSON is reused as well. */
function sliceOf<K extends 'orders' | 'column'>(
  cache: WeakMap<DashboardOverview, object>,
  d: DashboardOverview,
  key: K,
) {
  let slice = cache.get(d);
  if (!slice) {
    const { range, date_from, date_to, generated_at, cache_seconds } = d;
    slice = { range, date_from, date_to, generated_at, cache_seconds, [key]: d[key] };
    cache.set(d, slice);
  }
  return slice as Pick<DashboardOverview, 'range' | 'date_from' | 'date_to' | 'generated_at' | 'cache_seconds' | K>;
}

/** dashboardContracts (operator, issue 17): 数据看板 — one cached computation per range and day, three views of it. */
export async function dashboardRoutes(app: FastifyInstance, _context: ModuleContext) {
  const service = new DashboardService(new DashboardRepository(app.db));
  const orderSlices = new WeakMap<DashboardOverview, object>();
  const columnSlices = new WeakMap<DashboardOverview, object>();

  route(app, c.overview, async (request) => ok(await service.overview(request.query)), cachedJson);

  route(
    app,
    c.order,
    async (request) => ok(sliceOf(orderSlices, await service.overview(request.query), 'orders')),
    cachedJson,
  );

  route(
    app,
    c.column,
    async (request) => ok(sliceOf(columnSlices, await service.overview(request.query), 'column')),
    cachedJson,
  );
}
