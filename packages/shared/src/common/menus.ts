import { operatorKeys } from '../operator/operator.schema';
import { hasAdminPermission, hasPharmacyPermission, type PermissionSubject } from './permission';
import type { Role } from './roles';
import { canOpenPath } from './routes';

/** A menu entry, as in the spec (§3 "Menu entry"). */
export interface MenuEntry {
  title: string;
  path: string;
  index?: number;
  permissionKey?: string;
  permissionExcludeRole?: Role[];
}

export interface MenuGroup {
  title: string;
  children: MenuEntry[];
}

const broadcastGroup: MenuGroup = {
  title: '直播',
  children: [
    { title: '课程列表', path: '/broadcast/topiclist' },
    { title: '题库管理', path: '/broadcast/questionBank' },
    { title: '专栏管理', path: '/broadcast/column' },
    { title: '团队统计', path: '/broadcast/teamStatistics' },
  ],
};

const pharmacyArea = (withKeys: boolean): MenuGroup => {
  const key = (k: string) => (withKeys ? { permissionKey: k } : {});
  return {
    title: '药店',
    children: [
      { title: '切换药店', path: '/pharmacy/switch-pharmacy' },
      { title: '报价管理', path: '/pharmacy/quote', ...key('quote_manage') },
      { title: '会员管理', path: '/pharmacy/customer', ...key('viper_manage') },
      { title: '订单管理', path: '/pharmacy/order', ...key('order_read_pharmacy') },
      { title: '订单统计', path: '/pharmacy/order/census', ...key('order_statistics') },
      { title: '财务对账', path: '/pharmacy/finance', ...key('finance') },
      { title: '药店设置', path: '/pharmacy/set', ...key('pharmacy_setting') },
      { title: '账号与权限', path: '/pharmacy/role', ...key('account_permission') },
      // Pages of the pharmacy console (spec §2) that the spec's menu list leaves out; docs/pharmacy-console.md.
      { title: '套餐管理', path: '/pharmacy/combo', ...key('quote_set') },
      { title: '快递设置', path: '/pharmacy/courier', ...key('pharmacy_setting') },
    ],
  };
};

const pharmacyOthers: MenuGroup = {
  title: '其他',
  children: [
    { title: '用药人', path: '/marketManage/drugser' },
    { title: '营期管理', path: '/broadcast/column/manage' },
    { title: '会员数据', path: '/marketManage/customer/data' },
  ],
};

const customerServiceMarketing: MenuEntry[] = [
  { title: '客户订单', path: '/marketManage/order' },
  { title: '任务列表', path: '/marketManage/task' },
  { title: '会员管理', path: '/marketManage/customer' },
  { title: '团队管理', path: '/marketManage/team' },
  { title: '非药品下单', path: '/marketManage/createOrder' },
  { title: '黑名单', path: '/marketManage/blackUser' },
];

const customerServiceOthers: MenuGroup = {
  title: '其他',
  children: [
    // The combo routes need quote_set (docs/pharmacy-console.md): without it the entry would open a page that refuses.
    { title: '创建分享套餐', path: '/pharmacy/combo', permissionKey: 'quote_set' },
    { title: '创建代下单', path: '/marketManage/substituteOrder' },
  ],
};

/** Every role's menu, as spec §6 lists it. */
export const menusByRole: Record<Role, MenuGroup[]> = {
  pharmacy_admin: [
    broadcastGroup,
    { title: '营销', children: [{ title: '黑名单', path: '/marketManage/blackUser' }] },
    pharmacyArea(true),
    pharmacyOthers,
  ],
  shop: [
    { ...broadcastGroup, children: [...broadcastGroup.children, { title: '直播后台', path: '/broadcast/live' }] },
    { title: '营销', children: [{ title: '黑名单', path: '/marketManage/blackUser' }] },
    pharmacyArea(false),
    pharmacyOthers,
  ],
  pharmacist: [{ title: '处方', children: [{ title: '处方审核', path: '/chemist/prescription-approval' }] }],
  doctor: [
    {
      title: '医生',
      children: [
        { title: '处方统计', path: '/doctor/census' },
        { title: '处方管理', path: '/doctor/prescription' },
        { title: '问诊需求', path: '/doctor/consultationNeeds' },
        { title: '健康表审核', path: '/doctor/healthFormReviewDoctor' },
      ],
    },
  ],
  customer_service: [
    broadcastGroup,
    {
      title: '药店',
      children: [
        { title: '切换药店', path: '/pharmacy/switch-pharmacy' },
        { title: '订单管理', path: '/pharmacy/order', permissionKey: 'order_read_pharmacy' },
      ],
    },
    { title: '营销', children: customerServiceMarketing },
    customerServiceOthers,
  ],
  manager: [
    broadcastGroup,
    {
      title: '药店',
      children: [
        { title: '切换药店', path: '/pharmacy/switch-pharmacy' },
        { title: '订单管理', path: '/pharmacy/order', permissionKey: 'order_read_pharmacy' },
        { title: '订单统计', path: '/pharmacy/order/census', permissionKey: 'order_statistics' },
        { title: '账号与权限', path: '/pharmacy/role', permissionKey: 'account_permission' },
      ],
    },
    {
      title: '营销',
      children: [
        ...customerServiceMarketing,
        {
          title: '渠道管理',
          path: '/marketManage/channel',
          permissionKey: 'channel_manage',
          permissionExcludeRole: ['shop'],
        },
        { title: '健康表审核', path: '/marketManage/healthFormReview' },
      ],
    },
    customerServiceOthers,
  ],
  admin: [
    {
      title: '平台运营',
      children: [
        { title: '数据看板', path: '/website/dashboard', permissionKey: operatorKeys.dashboard },
        { title: '投诉管理', path: '/website/complaint', permissionKey: 'report' },
        { title: '集团管理', path: '/website/group', permissionKey: 'group' },
        { title: '会员管理', path: '/website/customer', permissionKey: 'viper' },
        { title: '任务管理', path: '/website/task', permissionKey: 'task' },
        { title: '处方统计', path: '/website/census', permissionKey: operatorKeys.census },
        { title: '订单管理', path: '/website/order', permissionKey: 'order' },
        { title: '平台专栏', path: '/website/platformColumn', permissionKey: 'column' },
        { title: '药店管理', path: '/website/pharmacy', permissionKey: 'pharmacy' },
        { title: '药品上传', path: '/website/syncMedicine', permissionKey: 'product' },
        { title: '内容管理', path: '/website/content', permissionKey: operatorKeys.content },
        { title: '权限管理', path: '/website/permission', permissionKey: operatorKeys.permission },
      ],
    },
    {
      title: '其他',
      children: [
        { title: '用药人', path: '/marketManage/drugser', permissionKey: operatorKeys.viper },
        { title: '会员数据', path: '/marketManage/customer/data', permissionKey: operatorKeys.viper },
      ],
    },
  ],
};

/** Whether one menu entry of a role's menu is visible to the user. */
export function canSeeMenuEntry(role: Role, entry: MenuEntry, user: PermissionSubject, pharmacyId: number | null) {
  if (entry.permissionExcludeRole?.some((r) => user.roles.includes(r))) return false;
  if (!entry.permissionKey) return true;
  if (role === 'admin') return hasAdminPermission(user, entry.permissionKey);
  return hasPharmacyPermission(user, pharmacyId, entry.permissionKey);
}

/** The menu a user sees: each of their roles' menus, filtered by permission, groups merged by title, paths deduplicated. */
export function menuFor(user: PermissionSubject, pharmacyId: number | null): MenuGroup[] {
  const groups: MenuGroup[] = [];
  const seen = new Set<string>();
  for (const role of user.roles) {
    for (const group of menusByRole[role] ?? []) {
      const children = group.children.filter((e) => !seen.has(e.path) && canSeeMenuEntry(role, e, user, pharmacyId));
      if (children.length === 0) continue;
      for (const c of children) seen.add(c.path);
      const existing = groups.find((g) => g.title === group.title);
      if (existing) existing.children.push(...children);
      else groups.push({ title: group.title, children: [...children] });
    }
  }
  return groups;
}

const underPath = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/**
 * The menu entry a path belongs to, with its group: the longest entry path that is the path or one of its ancestors
 * (/pharmacy/finance/orderDetail belongs to 财务对账). The sider highlights it and the breadcrumb starts from it, so
 * both place a page under the same group.
 */
export function menuEntryFor(groups: MenuGroup[], path: string): { group: MenuGroup; entry: MenuEntry } | undefined {
  let best: { group: MenuGroup; entry: MenuEntry } | undefined;
  for (const group of groups) {
    for (const entry of group.children) {
      if (underPath(path, entry.path) && (!best || entry.path.length > best.entry.path.length)) best = { group, entry };
    }
  }
  return best;
}

/**
 * Whether the user may open a page: the route map lets one of their roles in (`canOpenPath`), and where the path is
 * a menu entry of their roles that needs a permission key, they hold it for the current pharmacy.
 */
export function canOpenPage(user: PermissionSubject, pharmacyId: number | null, path: string): boolean {
  if (!canOpenPath(user.roles, path)) return false;
  const gated: [Role, MenuEntry][] = [];
  for (const role of user.roles) {
    for (const group of menusByRole[role] ?? []) {
      for (const entry of group.children) if (entry.path === path) gated.push([role, entry]);
    }
  }
  return gated.length === 0 || gated.some(([role, entry]) => canSeeMenuEntry(role, entry, user, pharmacyId));
}
