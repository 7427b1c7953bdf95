import {
  HEADER_AUTH,
  HEADER_PHARMACY,
  hasAdminPermission,
  hasPharmacyPermission,
  type PharmacyRole,
  type RouteAccess,
  serverMessages,
} from '@pharmacy/shared';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { sha256Hex } from '../lib/crypto';
import { type Principal, subjectForPharmacy, toPrincipal } from './principal';
import { type MembershipRow, PrincipalRepository } from './principal.repository';

/** Who may call a route: declared in its contract (packages/shared), installed as its guard by this plugin. */
export type { RouteAccess } from '@pharmacy/shared';

/** The rule each guard function enforces (guards are tagged when made). */
const guardAccess = new WeakMap<object, RouteAccess>();
const tagGuard = <T extends object>(guard: T, access: RouteAccess): T => {
  guardAccess.set(guard, access);
  return guard;
};

const hookList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

/** The rule of a route: its declared `config.access`, else its guard, else public (no guard, no `security` in its docs). */
export function routeAccessOf(
  route: Pick<RouteOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'config' | 'schema'>,
): {
  access: RouteAccess;
  guarded: boolean;
} {
  const hooks = [...hookList(route.onRequest), ...hookList(route.preValidation), ...hookList(route.preHandler)];
  const fromGuard = hooks.map((h) => (typeof h === 'function' ? guardAccess.get(h) : undefined)).find(Boolean);
  const declared = (route.config as { access?: RouteAccess } | undefined)?.access;
  if (declared) return { access: declared, guarded: !!fromGuard };
  if (fromGuard) return { access: fromGuard, guarded: true };
  const security = (route.schema as { security?: unknown[] } | undefined)?.security;
  // documented as needing a session but without a guard: the rule is what the docs promise (the harness tests it)
  if (Array.isArray(security) && security.length > 0) return { access: { signedIn: true }, guarded: false };
  return { access: { public: true }, guarded: false };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declarative access rule; see RouteAccess. */
    access?: RouteAccess;
  }
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
      if (!row) {
        throw AppError.unauthorized(serverMessages.sessionExpired, 'Session expired, revoked or unknown');
      }
      request.user = toPrincipal(row, row.sessionId);
      return request.user;
    }

    const requireAuth = tagGuard(
      async (request: FastifyRequest, _reply: FastifyReply) => {
        await authenticate(request);
      },
      { signedIn: true },
    );
    app.decorate('requireAuth', requireAuth);

    const requirePharmacy = (key?: string, options?: { roles?: readonly PharmacyRole[] }) => {
      const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
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
      return tagGuard(guard, { pharmacy: key ?? null, ...(options?.roles ? { roles: options.roles } : {}) });
    };
    app.decorate('requirePharmacy', requirePharmacy);

    const requireAdmin = (key?: string) =>
      tagGuard(
        async (request: FastifyRequest, _reply: FastifyReply) => {
          const user = await authenticate(request);
          if (!hasAdminPermission(user, key)) {
            throw AppError.forbidden(serverMessages.forbidden, `Missing admin permission ${key ?? ''}`);
          }
        },
        { admin: key ?? null },
      );
    app.decorate('requireAdmin', requireAdmin);

    // Every route registered after this plugin gets its rule: a declared rule without a guard gets the guard, and the
    // rule is published as `x-access` in the OpenAPI document.
    app.addHook('onRoute', (route) => {
      const { access, guarded } = routeAccessOf(route);
      const declared = route.config?.access;
      if (declared && !guarded && !('public' in declared)) {
        const guard =
          'signedIn' in declared
            ? requireAuth
            : 'pharmacy' in declared
              ? requirePharmacy(declared.pharmacy ?? undefined, declared.roles ? { roles: declared.roles } : undefined)
              : requireAdmin(declared.admin ?? undefined);
        route.onRequest = [guard, ...(hookList(route.onRequest) as onRequestAsyncHookHandler[])];
      }
      if (route.config) route.config.access = access;
      else route.config = { access };
      if (route.schema) {
        const schema = route.schema as Record<string, unknown>;
        schema['x-access'] = access;
        // the docs' lock follows the rule: every route that is not public needs the session header
        if (!('public' in access)) schema.security = [{ session: [] }];
        else delete schema.security;
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
