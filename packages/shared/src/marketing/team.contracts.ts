import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { marketingManagerAccess, marketingStaffAccess } from './marketing.schema';
import {
  memberIdParamSchema,
  teamBodySchema,
  teamListSchema,
  teamMemberBodySchema,
  teamMemberParamsSchema,
  teamSchema,
} from './team.schema';

// The package index exports this file; the part's schemas travel with it.
export * from './team.schema';

/** Marketing: 团队管理 — customer-service teams, members and personal codes (issue 16, spec §7 customer_service). */
export const teamContracts = defineContracts('team', {
  list: {
    method: 'GET',
    path: '/customer_service/team',
    access: marketingStaffAccess,
    summary: '团队列表（含成员、客户数、本月新增）',
    description:
      'Managers (shop, pharmacy_admin, manager) see every team of the pharmacy and the active manager / customer_service members in none; a customer_service member sees their own team only (read-only).',
    response: teamListSchema,
  },
  create: {
    method: 'POST',
    path: '/customer_service/team',
    access: marketingManagerAccess,
    summary: '新建团队',
    description: 'Name 1–50 characters, unique in the pharmacy (409).',
    body: teamBodySchema,
    response: teamSchema,
  },
  update: {
    method: 'PUT',
    path: '/customer_service/team/:id',
    access: marketingManagerAccess,
    summary: '编辑团队（名称、组长）',
    params: idParamSchema,
    body: teamBodySchema,
    response: teamSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/customer_service/team/:id',
    access: marketingManagerAccess,
    summary: '删除团队（有成员时不可删除：409）',
    params: idParamSchema,
    response: z.null(),
  },
  addMember: {
    method: 'POST',
    path: '/customer_service/team/:id/member',
    access: marketingManagerAccess,
    summary: '添加成员（从其他团队移入）',
    description:
      "Writes pharmacy_member.team_id and customer_service.team_id (when the member has that row). Only the pharmacy's active manager / customer_service members.",
    params: idParamSchema,
    body: teamMemberBodySchema,
    response: teamSchema,
  },
  removeMember: {
    method: 'DELETE',
    path: '/customer_service/team/:id/member/:memberId',
    access: marketingManagerAccess,
    summary: '移出成员',
    params: teamMemberParamsSchema,
    response: teamSchema,
  },
  qrcode: {
    method: 'GET',
    path: '/customer_service/:memberId/qrcode',
    kind: 'file',
    access: marketingStaffAccess,
    summary: '员工专属二维码（PNG）',
    description:
      "A PNG QR code of <origin>/patient/invite?staff=<member id>: a patient who opens it and joins becomes the member's customer. A customer_service member may fetch only their own (403); another pharmacy's member answers 404.",
    params: memberIdParamSchema,
  },
});
