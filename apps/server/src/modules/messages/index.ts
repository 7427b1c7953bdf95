import type { FastifyInstance } from 'fastify';
import { MessageRepository } from './messages.repository';
import { messageRoutes } from './messages.routes';
import { MessageService } from './messages.service';

/** Notifications: the module later modules copy (routes → service → repository). */
export async function messagesModule(app: FastifyInstance) {
  const service = new MessageService(new MessageRepository(app.db));
  await app.register(messageRoutes, { service });
}
