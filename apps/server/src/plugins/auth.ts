import {
  HEADER_AUTH,
  HEADER_PHARMACY,
  hasAdminPermission,
  hasPharmacyPermission,
  type PharmacyRole,
  serverMessages,
} from '@pharmacy/shared';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { sha256Hex } from '../lib/crypto';
import { type Principal, subjectForPharmacy, toPrincipal } from './principal';
import { type MembershipRow, PrincipalRepository } from './principal.repository';

declare module 'fastify' {
  interface FastifyInstance {
    principals: PrincipalRepository;
    /** onRequest hook: a valid session in the `Auth` header. */
    requireAuth: onRequestAsyncHookHandler;
    /** onRequest hook: an active member of the `pharmacyid` pharmacy who passes the shared permission check. */
    requirePharmacy(key?: string, options?: { roles?: readonly PharmacyRole[] }): onRequestAsyncHookHandler;
    /** onRequest hook: an operator passing hasAdminPermission(key). */
    requireAdmin(key?: string): onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    user: Principal | null;
    /** Set by requirePharmacy. */
    pharmacyId: number | null;
    membership: MembershipRow | null;
  }
}

const MAX_TOKEN_LENGTH = 200;

/** Reads the session token: `Auth: <token>` (a `Bearer ` prefix is tolerated). Cookies are never read. */
export function readToken(request: FastifyRequest): string | null {
  const raw = request.headers[HEADER_AUTH.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const token = value.startsWith('Bearer ') ? value.slice(7).trim() : value.trim();
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

/** The `pharmacyid` header as a positive integer; undefined when absent, NaN when malformed. */
export function readPharmacyHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers[HEADER_PHARMACY];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value || value === 'undefined' || value === 'null') return undefined;
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
}

export const authPlugin = fp(
  async (app) => {
    const principals = new PrincipalRepository(app.db);
    app.decorate('principals', principals);
    app.decorateRequest('user', null);
    app.decorateRequest('pharmacyId', null);
    app.decorateRequest('membership', null);

    async function authenticate(request: FastifyRequest): Promise<Principal> {
      if (request.user) return request.user;
      const token = readToken(request);
      if (!token) throw AppError.unauthorized(serverMessages.unauthorized, 'Missing Auth header');
      const row = await principals.bySessionHash(sha256Hex(token));
      if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || row.status !== 'active') {
        throw AppError.unauthorized(serverMessages.sessionExpired, 'Session expired, revoked or unknown');
      }
      request.user = toPrincipal(row, row.sessionId);
      return request.user;
    }

    const requireAuth = async (request: FastifyRequest, _reply: FastifyReply) => {
      await authenticate(request);
    };
    app.decorate('requireAuth', requireAuth);

    app.decorate('requirePharmacy', (key?: string, options?: { roles?: readonly PharmacyRole[] }) => {
      return async (request: FastifyRequest, _reply: FastifyReply) => {
        const user = await authenticate(request);
        const pharmacyId = readPharmacyHeader(request);
        if (pharmacyId === undefined)
          throw AppError.badParams(HEADER_PHARMACY, '请先选择药店', 'Missing pharmacyid header');
        if (Number.isNaN(pharmacyId))
          throw AppError.badParams(HEADER_PHARMACY, '药店 ID 不正确', 'Bad pharmacyid header');
        const membership = user.memberships.find((m) => m.pharmacy_id === pharmacyId);
        if (!membership) throw AppError.forbidden(serverMessages.notPharmacyMember, 'Not a member of this pharmacy');
        const allowed = options?.roles
          ? options.roles.includes(membership.role)
          : hasPharmacyPermission(subjectForPharmacy(user, membership), pharmacyId, key);
        if (!allowed) throw AppError.forbidden(serverMessages.forbidden, `Missing pharmacy permission ${key ?? ''}`);
        request.pharmacyId = pharmacyId;
        request.membership = membership;
      };
    });

    app.decorate('requireAdmin', (key?: string) => {
      return async (request: FastifyRequest, _reply: FastifyReply) => {
        const user = await authenticate(request);
        if (!hasAdminPermission(user, key)) {
          throw AppError.forbidden(serverMessages.forbidden, `Missing admin permission ${key ?? ''}`);
        }
      };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
