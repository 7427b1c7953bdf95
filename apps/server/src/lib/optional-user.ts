import { hasAdminPermission } from '@pharmacy/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readToken } from '../plugins/auth';
import type { Principal } from '../plugins/principal';

/**
 * The signed-in caller of a public route, or null: a missing, expired or revoked session is simply a visitor.
 * Reuses the auth plugin's own check (requireAuth), so the rules cannot drift.
 */
export async function optionalUser(request: FastifyRequest, reply: FastifyReply): Promise<Principal | null> {
  if (request.user) return request.user;
  if (!readToken(request)) return null;
  try {
    await request.server.requireAuth.call(request.server, request, reply);
    return request.user;
  } catch {
    return null;
  }
}

/** A signed-in operator (any admin permission) calling a public route. */
export async function isOperator(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const user = await optionalUser(request, reply);
  return !!user && hasAdminPermission(user);
}
