import type { FastifyInstance } from 'fastify';
import type { ChatBus } from '../../lib/chat-bus';
import type { ModuleContext } from '../../lib/module';

/** Settings, canned replies, status, colleagues, patient info, product picker, history (contracts chatDesk). */
export async function deskRoutes(_app: FastifyInstance, _context: ModuleContext, _bus: ChatBus) {}
