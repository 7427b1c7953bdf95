import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema/index';

declare module 'fastify' {
  interface FastifyInstance {
    auditLogs: AuditRepository;
  }
}

export class AuditRepository {
  constructor(private readonly db: Database) {}

  async insert(entry: {
    accountId: number | null;
    pharmacyId: number | null;
    action: string;
    target: string;
    detail: unknown;
    ip: string;
  }) {
    await this.db.insert(auditLog).values({ ...entry, target: entry.target.slice(0, 200), ip: entry.ip.slice(0, 64) });
  }
}

/**
 * Records who did what to which target, from where. Every module calls it after a change that matters.
 * A failure to write the trail is logged and does not undo the action the user already completed.
 */
export async function audit(
  request: FastifyRequest,
  action: string,
  target: string,
  detail: unknown = null,
  accountId: number | null = request.user?.accountId ?? null,
): Promise<void> {
  try {
    await request.server.auditLogs.insert({
      accountId,
      pharmacyId: request.pharmacyId ?? null,
      action,
      target,
      detail,
      ip: request.ip ?? '',
    });
  } catch (err) {
    request.log.error({ err, action, target }, 'audit log write failed');
  }
}

export const auditPlugin = fp(
  async (app) => {
    app.decorate('auditLogs', new AuditRepository(app.db));
  },
  { name: 'audit', dependencies: ['db'] },
);
