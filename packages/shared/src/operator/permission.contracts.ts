import { defineContracts } from '../common/contract';
import { idParamSchema } from '../common/fields';
import { pageResultSchema } from '../common/paging';
import { operatorAccess } from './operator.schema';
import {
  createOperatorBodySchema,
  createOperatorResultSchema,
  managerListQuerySchema,
  managerPermissionBodySchema,
  managerPermissionParamsSchema,
  operatorAccountSchema,
  operatorKeysBodySchema,
  operatorListQuerySchema,
  operatorStatusBodySchema,
  pharmacyManagerSchema,
} from './permission.schema';

export * from './permission.schema';

const access = operatorAccess.permission;
const refusals =
  'Refused with 403 when the caller grants a key they do not hold, changes themselves, or would leave no active ' +
  'operator holding all (operatorChangeRefusal in permission.schema.ts; the last-all rule under a lock).';

/** Operator: 权限管理 — operator accounts and keys, manager permissions, the audit log reader (issue 17). */
export const permissionContracts = defineContracts('permission', {
  list: {
    method: 'GET',
    path: '/admin/permission',
    access,
    summary: '运营账号列表（姓名、手机号脱敏、权限、状态、最近登录）',
    query: operatorListQuerySchema,
    response: pageResultSchema(operatorAccountSchema),
  },
  create: {
    method: 'POST',
    path: '/admin/permission',
    access,
    summary: '按手机号新增运营账号（无账号时开通，初始密码仅显示一次）',
    description: refusals,
    body: createOperatorBodySchema,
    response: createOperatorResultSchema,
  },
  setKeys: {
    method: 'PUT',
    path: '/admin/permission/:id',
    access,
    summary: '修改运营账号权限',
    description: refusals,
    params: idParamSchema,
    body: operatorKeysBodySchema,
    response: operatorAccountSchema,
  },
  setStatus: {
    method: 'PUT',
    path: '/admin/permission/:id/status',
    access,
    summary: '停用或启用运营账号',
    description: refusals,
    params: idParamSchema,
    body: operatorStatusBodySchema,
    response: operatorAccountSchema,
  },
  managers: {
    method: 'GET',
    path: '/admin/manager',
    access,
    summary: '各药店经理及其权限',
    query: managerListQuerySchema,
    response: pageResultSchema(pharmacyManagerSchema),
  },
  setManagerKeys: {
    method: 'PUT',
    path: '/admin/pharmacy/:id/manager/:memberId/permission',
    access,
    summary: '设置药店经理的权限（仅限经理可拥有的权限）',
    description: "404 when the member is not that pharmacy's; 400 when not a manager or a key a manager cannot hold.",
    params: managerPermissionParamsSchema,
    body: managerPermissionBodySchema,
    response: pharmacyManagerSchema,
  },
});
