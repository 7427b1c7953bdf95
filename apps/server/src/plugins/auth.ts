import {
  ErrorCode,
  HEADER_AUTH,
  HEADER_PHARMACY,
  hasAdminPermission,
  operatorMessages,
  type PharmacyRole,
  passesPharmacyAccess,
  type RouteAccess,
  serverMessages,
} from '@pharmacy/shared';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { sha256Hex } from '../lib/crypto';
import { type Principal, subjectForPharmacy, toPrincipal } from './principal';
import { type MembershipRow, PrincipalRepository } from './principal.repository';
import { PrincipalCache } from './principal-cache';

/** Who may call a route: declared in its contract (packages/shared), installed as its guard by this plugin. */
export type { RouteAccess } from '@pharmacy/shared';

const hookList = (value: unknown): onRequestAsyncHookHandler[] =>
  (Array.isArray(value) ? value : value ? [value] : []) as onRequestAsyncHookHandler[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (set from its contract by lib/route.ts); the plugin installs the matching guard. */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    principals: PrincipalRepository;
    /** The principals of the sessions seen lately, forgotten on any change (plugins/principal-cache.ts). */
    principalCache: PrincipalCache;
    /** The caller's session (from the `Auth` header) as `request.user`; throws 401 without a valid one. */
    authenticate(request: FastifyRequest): Promise<Principal>;
  }
  interface FastifyRequest {
    user: Principal | null;
    /** Set by requirePharmacy. */
    pharmacyId: number | null;
    membership: MembershipRow | null;
    /** Set by requireDoctor: the signed-in doctor's profile id. */
    doctorId: number | null;
  }
}

const MAX_TOKEN_LENGTH = 200;

const notActiveMessages = {
  pending: operatorMessages.pharmacyPending,
  rejected: operatorMessages.pharmacyRejected,
  suspended: operatorMessages.pharmacySuspended,
} as const;

/** 403 on a pharmacy route while the pharmacy is pending, rejected or suspended: the status message and the reason. */
export function pharmacyNotActive(membership: Pick<MembershipRow, 'status' | 'status_reason'>): AppError {
  const status = membership.status === 'active' ? 'suspended' : membership.status;
  const reason = membership.status_reason?.trim() ?? '';
  const msg = reason ? `${notActiveMessages[status]}，原因：${reason}` : notActiveMessages[status];
  return new AppError(403, ErrorCode.FORBIDDEN, msg, `Pharmacy is ${status}`, {
    pharmacy_status: status,
    reason,
  });
}

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
    const cache = new PrincipalCache(() => app.database.listening());
    app.database.onNotify('principal_change', () => cache.forgetAll());
    app.decorate('principalCache', cache);
    app.decorateRequest('user', null);
    app.decorateRequest('pharmacyId', null);
    app.decorateRequest('membership', null);
    app.decorateRequest('doctorId', null);

    async function authenticate(request: FastifyRequest): Promise<Principal> {
      if (request.user) return request.user;
      const token = readToken(request);
      if (!token) throw AppError.unauthorized(serverMessages.unauthorized, 'Missing Auth header');
      const hash = sha256Hex(token);
      const kept = cache.get(hash);
      if (kept) {
        request.user = kept;
        return kept;
      }
      const begun = cache.begin();
      const row = await principals.bySessionHash(hash);
      if (!row) {
        throw AppError.unauthorized(serverMessages.sessionExpired, 'Session expired, revoked or unknown');
      }
      const principal = toPrincipal(row, row.sessionId);
      cache.keep(hash, principal, row.sessionExpiresAt, begun);
      request.user = principal;
      return principal;
    }

    app.decorate('authenticate', authenticate);

    const requirePharmacy = (key: string | null, roles: readonly PharmacyRole[] | undefined) =>
      async function pharmacyGuard(request: FastifyRequest) {
        const user = await authenticate(request);
        const pharmacyId = readPharmacyHeader(request);
        if (pharmacyId === undefined)
          throw AppError.badParams(HEADER_PHARMACY, '请先选择药店', 'Missing pharmacyid header');
        if (Number.isNaN(pharmacyId))
          throw AppError.badParams(HEADER_PHARMACY, '药店 ID 不正确', 'Bad pharmacyid header');
        const membership = user.memberships.find((m) => m.pharmacy_id === pharmacyId);
        if (!membership) throw AppError.forbidden(serverMessages.notPharmacyMember, 'Not a member of this pharmacy');
        // Its staff may sign in, choose it and read why (pharmacy/me, user/info/me are signed-in routes), nothing else.
        if (membership.status !== 'active') throw pharmacyNotActive(membership);
        const allowed = passesPharmacyAccess(
          subjectForPharmacy(user, membership),
          membership.role,
          pharmacyId,
          key,
          roles,
        );
        if (!allowed) throw AppError.forbidden(serverMessages.forbidden, `Missing pharmacy permission ${key ?? ''}`);
        request.pharmacyId = pharmacyId;
        request.membership = membership;
      };

    const requireAdmin = (key: string | null) =>
      async function adminGuard(request: FastifyRequest) {
        const user = await authenticate(request);
        if (!hasAdminPermission(user, key ?? undefined)) {
          throw AppError.forbidden(serverMessages.forbidden, `Missing admin permission ${key ?? ''}`);
        }
      };

    async function doctorGuard(request: FastifyRequest) {
      const user = await authenticate(request);
      if (user.doctorId === null) throw AppError.forbidden(serverMessages.forbidden, 'Not an active doctor');
      request.doctorId = user.doctorId;
    }

    /** The guard of a rule (onRequest, so 401 and 403 come before body validation); none for a public route. */
    const guardFor = (access: RouteAccess): onRequestAsyncHookHandler | null => {
      if ('public' in access) return null;
      if ('signedIn' in access) return async (request: FastifyRequest) => void (await authenticate(request));
      if ('pharmacy' in access) return requirePharmacy(access.pharmacy, access.roles);
      if ('doctor' in access) return doctorGuard;
      return requireAdmin(access.admin);
    };

    // Every route registered after this plugin: its rule is `config.access` (from its contract; public without one),
    // its guard is installed from that rule, and the rule is published as `x-access` and `security` in the OpenAPI
    // document, so the harness tests each route against the rule it enforces.
    app.addHook('onRoute', (route) => {
      const access: RouteAccess = route.config?.access ?? { public: true };
      const guard = guardFor(access);
      if (guard) route.onRequest = [guard, ...hookList(route.onRequest)];
      if (route.config) route.config.access = access;
      else route.config = { access };
      if (route.schema) {
        const schema = route.schema as Record<string, unknown>;
        schema['x-access'] = access;
        if (!('public' in access)) schema.security = [{ session: [] }];
        else delete schema.security;
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
