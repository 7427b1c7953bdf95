import { ALL_PERMISSIONS } from '../common/roles';

// The operator area (issue 17, docs/operator.md): the dashboard, complaints, pharmacy groups and pharmacy cross,
// platform members and their card, platform tasks, prescription statistics, pharmacy onboarding and suspension,
// operator accounts and permissions with the audit log reader. This file holds what every part shares: which key
// each page and route needs (the menu, the route guard and the buttons read the same constants), and the refusals
// every part may meet. Each part keeps its own shapes in its own `<part>.schema.ts`.

// ---------------------------------------------------------------- keys (the same constants guard routes and the UI)

/**
 * The pages of spec §6 with a key use it; the platform-wide views the spec gives no key (数据看板, 处方统计, 内容管理,
 * 权限管理 and the audit log) need `all`: an operator holding only `report` sees complaints and nothing else.
 */
export const operatorKeys = {
  dashboard: ALL_PERMISSIONS,
  report: 'report',
  group: 'group',
  viper: 'viper',
  task: 'task',
  census: ALL_PERMISSIONS,
  order: 'order',
  pharmacy: 'pharmacy',
  permission: ALL_PERMISSIONS,
  content: ALL_PERMISSIONS,
} as const;

/** Route access of the operator contracts (common/contract.ts RouteAccess). */
export const operatorAccess = {
  dashboard: { admin: operatorKeys.dashboard },
  report: { admin: operatorKeys.report },
  group: { admin: operatorKeys.group },
  viper: { admin: operatorKeys.viper },
  task: { admin: operatorKeys.task },
  census: { admin: operatorKeys.census },
  pharmacy: { admin: operatorKeys.pharmacy },
  permission: { admin: operatorKeys.permission },
} as const;

// ---------------------------------------------------------------- shared refusals

export const operatorMessages = {
  pharmacyNotFound: '药店不存在',
  accountNotFound: '账号不存在',
  /** A decision on something another operator decided first (guarded UPDATE lost). */
  alreadyHandled: '该记录已被他人处理，请刷新后查看',
  /** Granting a key the granter does not hold. */
  cannotGrant: '不能授予自己没有的权限',
  /** The pharmacy's staff, on any pharmacy route while it is not active (the reason follows). */
  pharmacyPending: '药店入驻申请审核中，审核通过后即可使用',
  pharmacyRejected: '药店入驻申请未通过',
  pharmacySuspended: '药店已被暂停营业',
} as const;
