import { hasAdminPermission } from '@pharmacy/shared';
import type { FastifyRequest } from 'fastify';
import { readToken } from '../plugins/auth';
import type { Principal } from '../plugins/principal';

/**
 * The signed-in caller of a public route, or null: a missing, expired or revoked session is simply a visitor.
 * Reuses the auth plugin's own check (authenticate), so the rules cannot drift.
 */
export async function optionalUser(request: FastifyRequest): Promise<Principal | null> {
  if (request.user) return request.user;
  if (!readToken(request)) return null;
  try {
    return await request.server.authenticate(request);
  } catch {
    return null;
  }
}

/** A signed-in operator (any admin permission) calling a public route. */
export async function isOperator(request: FastifyRequest): Promise<boolean> {
  const user = await optionalUser(request);
  return !!user && hasAdminPermission(user);
}
