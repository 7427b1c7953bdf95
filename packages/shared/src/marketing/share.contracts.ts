import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { marketingManagerAccess, marketingStaffAccess } from './marketing.schema';
import {
  shareCreateBodySchema,
  shareListQuerySchema,
  shareListSchema,
  shareOpenSchema,
  shareOptionsSchema,
  sharePhoneBodySchema,
  shareRejectBodySchema,
  shareSchema,
  shareUpdateBodySchema,
} from './share.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './share.schema';

const scoped =
  "Scoped to the pharmacyid pharmacy: another pharmacy's share answers 404 like a missing one; customer_service sees and edits only the shares they made (others answer 404), managers (shop, pharmacy_admin, manager) all of the pharmacy's.";

/**
 * Marketing: share packages (分享套餐, issue 16; spec §7 share, share/review, share/{id}, share/phone/{id}; §8 403001).
 */
export const shareContracts = defineContracts('share', {
  list: {
    method: 'GET',
    path: '/share',
    access: marketingStaffAccess,
    summary: '分享套餐列表（我的 / 经理看全部；状态页签计数）',
    description: scoped,
    query: shareListQuerySchema,
    response: shareListSchema,
  },
  options: {
    method: 'GET',
    path: '/share/options',
    access: marketingStaffAccess,
    summary: '可分享的套餐（在售）与直播课（已发布）',
    response: shareOptionsSchema,
  },
  create: {
    method: 'POST',
    path: '/share',
    access: marketingStaffAccess,
    summary: '创建分享（待审核）',
    description:
      'kind items: 1–20 on-shelf quotes of the pharmacy, qty 1–99; combo: a combo of the pharmacy on sale; live: a live of the pharmacy that is not a draft. Anything else answers 400 naming the field.',
    body: shareCreateBodySchema,
    response: shareSchema,
  },
  detail: {
    method: 'GET',
    path: '/share/:id',
    access: marketingStaffAccess,
    summary: '分享详情',
    description: scoped,
    params: idParamSchema,
    response: shareSchema,
  },
  update: {
    method: 'PUT',
    path: '/share/:id',
    access: marketingStaffAccess,
    summary: '修改分享（待审核或已驳回 → 待审核）',
    description: `${scoped} An approved share answers 409; the reject reason is cleared.`,
    params: idParamSchema,
    body: shareUpdateBodySchema,
    response: shareSchema,
  },
  changePhone: {
    method: 'PUT',
    path: '/share/phone/:id',
    access: marketingStaffAccess,
    summary: '修改被分享人手机号（→ 待审核）',
    description: `${scoped} Any status; the share goes back to review.`,
    params: idParamSchema,
    body: sharePhoneBodySchema,
    response: shareSchema,
  },
  reviewList: {
    method: 'GET',
    path: '/share/review',
    access: marketingManagerAccess,
    summary: '分享审核列表',
    description: "The pharmacy's shares with status tabs and counts.",
    query: shareListQuerySchema,
    response: shareListSchema,
  },
  reviewDetail: {
    method: 'GET',
    path: '/share/review/:id',
    access: marketingManagerAccess,
    summary: '分享审核详情',
    params: idParamSchema,
    response: shareSchema,
  },
  approve: {
    method: 'POST',
    path: '/share/review/:id/approve',
    access: marketingManagerAccess,
    summary: '审核通过',
    description:
      'One guarded UPDATE … WHERE status = pending: of two concurrent decisions one wins, the other answers 409. The sharer gets a message.',
    params: idParamSchema,
    response: shareSchema,
  },
  reject: {
    method: 'POST',
    path: '/share/review/:id/reject',
    access: marketingManagerAccess,
    summary: '驳回（须填写原因）',
    description:
      'One guarded UPDATE … WHERE status = pending: of two concurrent decisions one wins, the other answers 409. The sharer gets a message with the reason.',
    params: idParamSchema,
    body: shareRejectBodySchema,
    response: shareSchema,
  },
  open: {
    method: 'GET',
    path: '/share/:id/open',
    access: { signedIn: true },
    summary: '被分享人打开分享',
    description:
      'Only an approved share (else 404 分享不存在或未通过审核); only its recipient: the signed-in account whose phone is the recipient phone (else 403 with code 403001 您不是被分享人); a blacklisted recipient answers 403. Records the first opening and counts each.',
    params: idParamSchema,
    response: shareOpenSchema,
  },
});
