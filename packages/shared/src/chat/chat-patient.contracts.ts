import { z } from 'zod';
import { defineContracts, fileField } from '../common/contract';
import {
  chatConversationSchema,
  chatIdParamSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatMessagesResultSchema,
  chatReadBodySchema,
  chatSyncBodySchema,
  chatSyncResultSchema,
  chatUploadResultSchema,
  openChatBodySchema,
  sendChatMessageBodySchema,
} from './chat.schema';

/**
 * The patient's side of the chat (docs/chat.md): their own conversations only (every query filters on the account),
 * and the chat's image upload, which staff use too.
 */
export const chatPatientContracts = defineContracts('chat', {
  mine: {
    method: 'GET',
    path: '/chat/patient/conversations',
    access: { signedIn: true },
    summary: '我的咨询会话',
    response: z.array(chatConversationSchema),
  },
  open: {
    method: 'POST',
    path: '/chat/patient/conversations',
    access: { signedIn: true },
    summary: '向药店发起咨询（已有进行中的会话时返回它）',
    body: openChatBodySchema,
    response: chatConversationSchema,
  },
  messages: {
    method: 'GET',
    path: '/chat/patient/conversations/:id/messages',
    access: { signedIn: true },
    summary: '会话消息',
    params: chatIdParamSchema,
    query: chatMessagesQuerySchema,
    response: chatMessagesResultSchema,
  },
  send: {
    method: 'POST',
    path: '/chat/patient/conversations/:id/messages',
    access: { signedIn: true },
    summary: '发送消息（会话已结束时开启新的会话）',
    params: chatIdParamSchema,
    body: sendChatMessageBodySchema,
    response: chatMessageSchema,
  },
  read: {
    method: 'PUT',
    path: '/chat/patient/conversations/:id/read',
    access: { signedIn: true },
    summary: '标记已读到 seq',
    params: chatIdParamSchema,
    body: chatReadBodySchema,
    response: chatConversationSchema,
  },
  sync: {
    method: 'POST',
    path: '/chat/patient/sync',
    access: { signedIn: true },
    summary: '断线重连后补齐',
    body: chatSyncBodySchema,
    response: chatSyncResultSchema,
  },
  upload: {
    method: 'POST',
    path: '/chat/upload',
    access: { signedIn: true },
    summary: '上传聊天图片（jpg / png / webp，不超过 5MB）',
    multipart: true,
    body: z.object({ file: fileField() }),
    response: chatUploadResultSchema,
  },
});
