import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** A pharmacy's orders and the operator's list: list, detail, cancel, remark, delete, payment and delivery confirm, complete. */
export async function pharmacyOrderRoutes(_app: FastifyInstance, _context: ModuleContext) {}
