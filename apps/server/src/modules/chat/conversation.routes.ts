import type { FastifyInstance } from 'fastify';
import type { ChatBus } from '../../lib/chat-bus';
import type { ModuleContext } from '../../lib/module';

/** Conversations and messages, staff and patient sides (contracts chat + chatPatient). */
export async function conversationRoutes(_app: FastifyInstance, _context: ModuleContext, _bus: ChatBus) {}
