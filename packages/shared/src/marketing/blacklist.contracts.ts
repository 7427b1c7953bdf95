import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import {
  blackUserBodySchema,
  blackUserListQuerySchema,
  blackUserListSchema,
  blackUserSchema,
} from './blacklist.schema';
import { marketingManagerAccess, marketingStaffAccess } from './marketing.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './blacklist.schema';

/**
 * Marketing: 黑名单 (issue 16). Staff of the marketing console (shop, pharmacy_admin, manager, customer_service: spec
 * §6) list and add; removing is for managers (shop, pharmacy_admin, manager): a customer_service member may report
 * a patient but not lift a block.
 */
export const blacklistContracts = defineContracts('blacklist', {
  list: {
    method: 'GET',
    path: '/marketing/black_user',
    access: marketingStaffAccess,
    summary: '黑名单列表（手机号脱敏、原因、添加人、时间、关联账号）',
    description: 'keyword: the full phone, its last 4 digits, or a part of the linked account name. Newest first.',
    query: blackUserListQuerySchema,
    response: blackUserListSchema,
  },
  add: {
    method: 'POST',
    path: '/marketing/black_user',
    access: marketingStaffAccess,
    summary: '添加黑名单（手机号 + 原因）',
    description:
      "Links account_id when an account has the phone. A phone already on the pharmacy's list answers 409 该手机号已在黑名单中.",
    body: blackUserBodySchema,
    response: blackUserSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/marketing/black_user/:id',
    access: marketingManagerAccess,
    summary: '移出黑名单（店主、药店管理员、经理）',
    description: "Hard delete, audited. Another pharmacy's row answers 404 like a missing one.",
    params: idParamSchema,
    response: z.null(),
  },
});
