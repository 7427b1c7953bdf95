import type { FastifyInstance } from 'fastify';
import type { ChatBus } from '../../lib/chat-bus';
import type { ModuleContext } from '../../lib/module';

/** The chat WebSocket (CHAT_WS_PATH under the API base): hello, typing, presence heartbeat, frames from the bus. */
export async function chatSocket(_app: FastifyInstance, _context: ModuleContext, _bus: ChatBus) {}
