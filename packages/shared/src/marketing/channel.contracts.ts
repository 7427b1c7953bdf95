import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  channelBodySchema,
  channelListQuerySchema,
  channelListSchema,
  channelSchema,
  wxaBindResultSchema,
  wxaCodeQuerySchema,
  wxaPreviewSchema,
  wxaTargetSchema,
} from './channel.schema';
import { channelAccess } from './marketing.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './channel.schema';

const figuresNotes =
  'Figures over date_from..date_to (Shanghai days; default the last 30 days; at most 366): scans = channel_scan rows; new members = those scans that made a new customer (new_member = 1); orders and amount = paid orders (paid_at in range, not cancelled) of customers whose customer_info.channel_id is the channel.';

/** Marketing: 渠道管理 and the mini-program code service (issue 16, spec §7 mp/manager/qrcode/wxa). */
export const channelContracts = defineContracts('channel', {
  list: {
    method: 'GET',
    path: '/marketing/channel',
    access: channelAccess,
    summary: '渠道列表（含时间范围内的扫码、新会员、订单、金额）',
    description: figuresNotes,
    query: channelListQuerySchema,
    response: channelListSchema,
  },
  create: {
    method: 'POST',
    path: '/marketing/channel',
    access: channelAccess,
    summary: '新建渠道（自动生成 scene）',
    description: 'Name 1–50 characters, unique in the pharmacy (409). The scene is a short random base36 text, unique.',
    body: channelBodySchema,
    response: channelSchema,
  },
  update: {
    method: 'PUT',
    path: '/marketing/channel/:id',
    access: channelAccess,
    summary: '重命名渠道',
    params: idParamSchema,
    body: channelBodySchema,
    response: channelSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/marketing/channel/:id',
    access: channelAccess,
    summary: '删除渠道（已有扫码记录时不可删除：409）',
    params: idParamSchema,
    response: z.null(),
  },
  qrcode: {
    method: 'GET',
    path: '/marketing/channel/:id/qrcode',
    kind: 'file',
    access: channelAccess,
    summary: '渠道二维码（PNG）',
    params: idParamSchema,
  },
  wxaCode: {
    method: 'GET',
    path: '/mp/manager/qrcode/wxa',
    kind: 'file',
    access: channelAccess,
    summary: '小程序码（PNG，按 scene）',
    description:
      "The code of one of the pharmacy's channels by its scene, from the MiniProgramCodeProvider (built in: a PNG QR of <origin>/patient/invite?scene=<scene>). Another pharmacy's scene answers 404.",
    query: wxaCodeQuerySchema,
  },
  wxaResolve: {
    method: 'GET',
    path: '/mp/manager/qrcode/wxa/resolve',
    access: { signedIn: true },
    summary: '扫码落地页：解析 scene 或 staff（药店、渠道或邀请人）',
    description: 'Reads only (records nothing). Unknown scene or staff (or an inactive pharmacy / member) answers 404.',
    query: wxaTargetSchema,
    response: wxaPreviewSchema,
  },
  wxaMapping: {
    method: 'POST',
    path: '/mp/manager/qrcode/wxa',
    access: { signedIn: true },
    summary: '扫码加入药店（记录扫码并绑定客户）',
    description:
      "Records a channel_scan row and makes the signed-in account a customer (viper and customer_info, each only when missing): a staff code sets the owner to the member's account (source 员工二维码), a channel code sets channel_id (source = the channel's name). Already a customer: nothing changes but the scan (joined false). Blacklisted: 403.",
    body: wxaTargetSchema,
    response: wxaBindResultSchema,
  },
});
