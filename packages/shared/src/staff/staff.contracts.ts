import { z } from 'zod';
import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import {
  addStaffBodySchema,
  staffListQuerySchema,
  staffMemberSchema,
  staffPermissionBodySchema,
  staffStatusBodySchema,
  updateStaffBodySchema,
} from './staff.schema';

// The module's schemas and rules travel with its contracts (the package index exports this file).
export * from './grant-rules';
export * from './permission-tree';
export * from './staff.schema';

const access = { pharmacy: 'account_permission' } as const;
const refusals =
  'Refused with 403 when the change would escalate (a key the caller lacks, a role above theirs, a member of their ' +
  "rank or above, the owner, themselves — packages/shared/src/staff/grant-rules.ts); another pharmacy's member is 404.";

/** A pharmacy's staff and their permission keys (spec §7: pharmacy admin users CRUD, admin/permission). */
export const staffContracts = defineContracts('staff', {
  list: {
    method: 'GET',
    path: '/pharmacy/admin_user',
    access,
    summary: '药店成员列表（角色、权限、状态）',
    query: staffListQuerySchema,
    response: pageResultSchema(staffMemberSchema),
  },
  add: {
    method: 'POST',
    path: '/pharmacy/admin_user',
    access,
    summary: '按手机号添加成员（新手机号开通账号，凭短信验证码登录）',
    description: refusals,
    body: addStaffBodySchema,
    response: staffMemberSchema,
  },
  update: {
    method: 'PUT',
    path: '/pharmacy/admin_user/:id',
    access,
    summary: '修改成员角色或姓名',
    description: refusals,
    params: idParamSchema,
    body: updateStaffBodySchema,
    response: staffMemberSchema,
  },
  setPermissions: {
    method: 'PUT',
    path: '/pharmacy/admin_user/:id/permission',
    access,
    summary: '修改成员权限',
    description: refusals,
    params: idParamSchema,
    body: staffPermissionBodySchema,
    response: staffMemberSchema,
  },
  setStatus: {
    method: 'PUT',
    path: '/pharmacy/admin_user/:id/status',
    access,
    summary: '停用或启用成员',
    description: refusals,
    params: idParamSchema,
    body: staffStatusBodySchema,
    response: staffMemberSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/pharmacy/admin_user/:id',
    access,
    summary: '移除成员',
    description: refusals,
    params: idParamSchema,
    response: z.null(),
  },
});
