import type { FastifyInstance } from 'fastify';
import { type ChatBus, InProcessChatBus, PgChatBus } from '../../lib/chat-bus';
import type { ModuleContext } from '../../lib/module';
import { chatSocket } from './chat-ws';
import { conversationRoutes } from './conversation.routes';
import { deskRoutes } from './desk.routes';

/**
 * The chat room (issue 14, docs/chat.md): conversations between a pharmacy's staff and patients over REST (every
 * message stored before it is answered) and a WebSocket that pushes frames through the chat bus.
 */
export async function chatModule(app: FastifyInstance, context: ModuleContext) {
  // several instances may share a PostgreSQL: LISTEN/NOTIFY; the embedded database has one process: in-process
  const bus: ChatBus =
    app.database.driver === 'pg' && app.database.url
      ? await PgChatBus.open({ url: app.database.url, db: app.db, log: app.log })
      : new InProcessChatBus();
  app.addHook('onClose', async () => bus.close());
  await conversationRoutes(app, context, bus);
  await deskRoutes(app, context, bus);
  await chatSocket(app, context, bus);
}
