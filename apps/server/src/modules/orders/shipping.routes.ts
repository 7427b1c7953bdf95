import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** Shipping: send goods, batch send, SF waybills and labels, tracking events. */
export async function shippingRoutes(_app: FastifyInstance, _context: ModuleContext) {}
