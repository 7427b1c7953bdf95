import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import { chatStaffAccess } from './chat.contracts';
import {
  chatCannedReplyBodySchema,
  chatCannedReplySchema,
  chatColleagueSchema,
  chatHistoryQuerySchema,
  chatHistoryRowSchema,
  chatIdParamSchema,
  chatMyStatusBodySchema,
  chatMyStatusSchema,
  chatPatientInfoSchema,
  chatProductPayloadSchema,
  chatProductQuerySchema,
  chatSettingsBodySchema,
  chatSettingsRoles,
  chatSettingsSchema,
} from './chat.schema';

/**
 * The chat room's desk (docs/chat.md): settings, canned replies, the staff member's status, colleagues to transfer to,
 * the patient info panel, the product picker and the history.
 */
export const chatDeskContracts = defineContracts('chat', {
  settings: {
    method: 'GET',
    path: '/chat/settings',
    access: chatStaffAccess,
    summary: '聊天设置（欢迎语、工作时间、非工作时间自动回复、接待上限）',
    response: chatSettingsSchema,
  },
  saveSettings: {
    method: 'PUT',
    path: '/chat/settings',
    access: { pharmacy: null, roles: chatSettingsRoles },
    summary: '保存聊天设置',
    body: chatSettingsBodySchema,
    response: chatSettingsSchema,
  },
  cannedReplies: {
    method: 'GET',
    path: '/chat/canned-replies',
    access: chatStaffAccess,
    summary: '快捷回复列表',
    response: z.array(chatCannedReplySchema),
  },
  createCannedReply: {
    method: 'POST',
    path: '/chat/canned-replies',
    access: chatStaffAccess,
    summary: '新增快捷回复',
    body: chatCannedReplyBodySchema,
    response: chatCannedReplySchema,
  },
  updateCannedReply: {
    method: 'PUT',
    path: '/chat/canned-replies/:id',
    access: chatStaffAccess,
    summary: '修改快捷回复',
    params: idParamSchema,
    body: chatCannedReplyBodySchema,
    response: chatCannedReplySchema,
  },
  removeCannedReply: {
    method: 'DELETE',
    path: '/chat/canned-replies/:id',
    access: chatStaffAccess,
    summary: '删除快捷回复',
    params: idParamSchema,
    response: z.null(),
  },
  myStatus: {
    method: 'GET',
    path: '/chat/me/status',
    access: chatStaffAccess,
    summary: '我的接待状态',
    response: chatMyStatusSchema,
  },
  setMyStatus: {
    method: 'PUT',
    path: '/chat/me/status',
    access: chatStaffAccess,
    summary: '设置我的接待状态（在线 / 离开）',
    body: chatMyStatusBodySchema,
    response: chatMyStatusSchema,
  },
  colleagues: {
    method: 'GET',
    path: '/chat/colleagues',
    access: chatStaffAccess,
    summary: '可转接的同事（状态与接待数）',
    response: z.array(chatColleagueSchema),
  },
  patientInfo: {
    method: 'GET',
    path: '/chat/conversations/:id/patient',
    access: chatStaffAccess,
    summary: '患者信息（会员卡、家庭成员、近期订单与处方）',
    params: chatIdParamSchema,
    response: chatPatientInfoSchema,
  },
  products: {
    method: 'GET',
    path: '/chat/products',
    access: chatStaffAccess,
    summary: '可发送的商品卡片（本药店在售报价）',
    query: chatProductQuerySchema,
    response: z.array(chatProductPayloadSchema),
  },
  history: {
    method: 'GET',
    path: '/chat/history',
    access: chatStaffAccess,
    summary: '聊天记录（按患者、接待人、日期、消息内容查找）',
    query: chatHistoryQuerySchema,
    response: pageResultSchema(chatHistoryRowSchema),
  },
});
