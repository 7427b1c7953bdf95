import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  markReadBodySchema,
  markReadResultSchema,
  messageListQuerySchema,
  messageSchema,
  sendMessageBodySchema,
  sendMessageResultSchema,
  unreadCountSchema,
} from './message.schema';

export const messageContracts = defineContracts('message', {
  unreadCount: {
    method: 'GET',
    path: '/message/unread_count',
    access: { signedIn: true },
    summary: '未读消息数',
    response: unreadCountSchema,
  },
  list: {
    method: 'GET',
    path: '/message/list',
    access: { signedIn: true },
    summary: '消息列表（新的在前）',
    query: messageListQuerySchema,
    response: pageResultSchema(messageSchema),
  },
  read: {
    method: 'PUT',
    path: '/message/read',
    access: { signedIn: true },
    summary: '标记已读（ids 或 all）',
    body: markReadBodySchema,
    response: markReadResultSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/message/:id',
    access: { signedIn: true },
    summary: '删除消息',
    params: idParamSchema,
    response: z.null(),
  },
  send: {
    method: 'POST',
    path: '/message',
    access: { admin: null },
    summary: '运营发送站内消息（按手机号）',
    body: sendMessageBodySchema,
    response: sendMessageResultSchema,
  },
});
