import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';
import { censusRoutes } from './census.routes';
import { orderExportRoutes } from './order-export.routes';
import { patientCatalogRoutes } from './patient-catalog.routes';
import { pharmacyOrderRoutes } from './pharmacy-order.routes';
import { proxyOrderRoutes } from './proxy-order.routes';
import { shippingRoutes } from './shipping.routes';
import { userOrderRoutes } from './user-order.routes';

/**
 * Orders (issue 12, docs/orders.md): one state machine (order-state.ts) under the patient's calls, the pharmacy's
 * console, shipping, statistics and the export. Each part registers its own routes.
 */
export async function ordersModule(app: FastifyInstance, context: ModuleContext) {
  await userOrderRoutes(app, context);
  await patientCatalogRoutes(app, context);
  await pharmacyOrderRoutes(app, context);
  await shippingRoutes(app, context);
  await censusRoutes(app, context);
  await orderExportRoutes(app, context);
  await proxyOrderRoutes(app, context);
}
