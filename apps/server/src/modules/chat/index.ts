import type { FastifyInstance } from 'fastify';
import { InProcessChatBus } from '../../lib/chat-bus';
import type { ModuleContext } from '../../lib/module';
import { chatSocket } from './chat-ws';
import { conversationRoutes } from './conversation.routes';
import { deskRoutes } from './desk.routes';

/**
 * The chat room (issue 14, docs/chat.md): conversations between a pharmacy's staff and patients over REST (every
 * message stored before it is answered) and a WebSocket that pushes frames through the chat bus.
 */
export async function chatModule(app: FastifyInstance, context: ModuleContext) {
  const bus = new InProcessChatBus();
  app.addHook('onClose', async () => bus.close());
  await conversationRoutes(app, context, bus);
  await deskRoutes(app, context, bus);
  await chatSocket(app, context, bus);
}
