import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../../lib/module';

/** liveContracts (all but today, comments, postComment, hideComment, showComment, mute, unmute, teams, teamStat): stub, filled by its owner. */
export async function liveRoutes(_app: FastifyInstance, _context: ModuleContext) {}
