import {
  idParamSchema,
  markReadBodySchema,
  markReadResultSchema,
  messageListQuerySchema,
  messageSchema,
  okEnvelope,
  pageResultSchema,
  sendMessageBodySchema,
  sendMessageResultSchema,
  unreadCountSchema,
} from '@pharmacy/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../plugins/audit';
import type { MessageService } from './messages.service';

const tags = ['message'];
const security = [{ session: [] }];

export async function messageRoutes(app: FastifyInstance, { service }: { service: MessageService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/message/unread_count',
    {
      onRequest: app.requireAuth,
      schema: { tags, security, summary: '未读消息数', response: { 200: okEnvelope(unreadCountSchema) } },
    },
    async (request) => ({
      code: 0 as const,
      msg: 'ok',
      data: { count: await service.unreadCount(request.user!.accountId) },
    }),
  );

  r.get(
    '/message/list',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: '消息列表（新的在前）',
        querystring: messageListQuerySchema,
        response: { 200: okEnvelope(pageResultSchema(messageSchema)) },
      },
    },
    async (request) => ({
      code: 0 as const,
      msg: 'ok',
      data: await service.list(request.user!.accountId, request.query),
    }),
  );

  r.put(
    '/message/read',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: '标记已读（ids 或 all）',
        body: markReadBodySchema,
        response: { 200: okEnvelope(markReadResultSchema) },
      },
    },
    async (request) => ({
      code: 0 as const,
      msg: 'ok',
      data: { updated: await service.markRead(request.user!.accountId, request.body) },
    }),
  );

  r.delete(
    '/message/:id',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: '删除消息',
        params: idParamSchema,
        response: { 200: okEnvelope(z.null()) },
      },
    },
    async (request) => {
      await service.remove(request.user!.accountId, request.params.id);
      return { code: 0 as const, msg: '已删除', data: null };
    },
  );

  r.post(
    '/message',
    {
      onRequest: app.requireAdmin(),
      schema: {
        tags,
        security,
        summary: '运营发送站内消息（按手机号）',
        body: sendMessageBodySchema,
        response: { 200: okEnvelope(sendMessageResultSchema) },
      },
    },
    async (request) => {
      const { id, accountId } = await service.send(request.user!.accountId, request.body);
      await audit(request, 'message.send', `account:${accountId}`, { message_id: id, kind: request.body.kind });
      return { code: 0 as const, msg: '已发送', data: { id } };
    },
  );
}
