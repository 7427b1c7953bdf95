import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** liveContracts today, comments, postComment, hideComment, showComment, mute, unmute: stub, filled by its owner. */
export async function controlRoutes(_app: FastifyInstance, _context: ModuleContext) {}
