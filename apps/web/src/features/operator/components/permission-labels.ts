import { operatorKeyLabel, permissionKeyLabel } from '@pharmacy/shared';

/** The audit trail's action groups (the part before the first dot), as the 操作类型 filter offers them. */
export const auditActionGroups: Record<string, string> = {
  auth: '登录与账号',
  permission: '权限管理',
  staff: '药店成员',
  pharmacy: '药店管理',
  report: '投诉',
  group: '集团管理',
  task: '任务',
  customer: '会员与客户',
  order: '订单',
  quote: '报价',
  recipe: '处方',
  live: '直播',
  cms: '内容管理',
  message: '站内消息',
};

/** Exact actions worth a name of their own; others read as their group plus the code. */
const actionLabels: Record<string, string> = {
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'auth.password_change': '修改密码',
  'permission.create': '新增运营账号',
  'permission.keys': '修改运营权限',
  'permission.status': '停用/启用运营账号',
  'permission.manager_keys': '设置经理权限',
  'staff.add': '添加药店成员',
  'staff.permissions': '修改成员权限',
  'staff.status': '停用/启用成员',
  'staff.remove': '移除成员',
  'customer.phone': '查看完整手机号',
};

export function auditActionLabel(action: string): string {
  if (Object.hasOwn(actionLabels, action)) return actionLabels[action];
  const group = action.split('.')[0];
  return Object.hasOwn(auditActionGroups, group) ? auditActionGroups[group] : action;
}

/** An operator key list as the page shows it (全部权限 for all). */
export const operatorKeysText = (keys: readonly string[]) => keys.map(operatorKeyLabel);
/** A manager's pharmacy keys as the page shows them. */
export const managerKeysText = (keys: readonly string[]) => keys.map(permissionKeyLabel);
