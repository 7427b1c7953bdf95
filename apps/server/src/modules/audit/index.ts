import type { FastifyInstance } from 'fastify';
import { AuditQueryRepository } from './audit.repository';
import { auditRoutes } from './audit.routes';

/** The operator's view of the audit trail that every module writes through plugins/audit.ts. */
export async function auditModule(app: FastifyInstance) {
  await app.register(auditRoutes, { repo: new AuditQueryRepository(app.db) });
}
