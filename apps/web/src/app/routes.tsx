import {
  roles as allRoles,
  canOpenPath,
  isProtectedPath,
  type MenuGroup,
  menuEntryFor,
  type Role,
} from '@pharmacy/shared';
import type { AppRouteDef, RouteMeta } from './route-meta';

/**
 * Every route of spec §2 with its metadata. Pages load lazily; who may open a path is decided by the shared
 * `isProtectedPath` / `canOpenPath` (see `rolesFor`), so the role map lives in one place for the web and the server.
 */
export const routeTable: AppRouteDef[] = [
  // Public
  { path: '/', title: '首页', page: () => import('../features/catalogue/routes/home-page') },
  {
    path: '/medicine/list',
    title: '药品列表',
    breadcrumb: true,
    page: () => import('../features/catalogue/routes/medicine-list-page'),
  },
  {
    path: '/medicine/detail',
    title: '药品详情',
    breadcrumb: true,
    parent: '/medicine/list',
    page: () => import('../features/catalogue/routes/medicine-detail-page'),
  },
  {
    path: '/pharmacy/list',
    title: '药店列表',
    breadcrumb: true,
    page: () => import('../features/catalogue/routes/pharmacy-list-page'),
  },
  {
    path: '/pharmacy/detail',
    title: '药店详情',
    navigator: true,
    parent: '/pharmacy/list',
    page: () => import('../features/catalogue/routes/pharmacy-detail-page'),
  },
  {
    path: '/login',
    title: '登录',
    layout: 'none',
    layoutTransition: false,
    page: () => import('../features/auth/routes/login-page'),
  },
  {
    path: '/login/loginSuccess',
    title: '登录成功',
    layout: 'none',
    layoutTransition: false,
    page: () => import('../features/auth/routes/login-success-page'),
  },
  { path: '/table-demo', title: '表格示例', page: () => import('../features/table-demo/routes/table-demo-page') },
  { path: '/website/contact', title: '联系我们', page: () => import('../features/cms/routes/contact-page') },
  { path: '/website/services', title: '服务介绍', page: () => import('../features/cms/routes/services-page') },
  {
    path: '/website/certificate',
    title: '资质证书',
    breadcrumb: true,
    page: () => import('../features/cms/routes/certificate-page'),
  },

  // Broadcast (live classes)
  { path: '/broadcast', title: '直播', layout: 'staff', container: true },
  {
    path: '/broadcast/topiclist',
    title: '课程列表',
    layout: 'staff',
    page: () => import('../features/live/routes/topic-list-page'),
  },
  {
    path: '/broadcast/questionBank',
    title: '题库管理',
    layout: 'staff',
    page: () => import('../features/live/routes/question-bank-page'),
  },
  {
    path: '/broadcast/column',
    title: '专栏管理',
    layout: 'staff',
    keepAlive: 'BroadcastColumn',
    page: () => import('../features/live/routes/column-page'),
  },
  {
    path: '/broadcast/column/manage',
    title: '营期管理',
    layout: 'staff',
    page: () => import('../features/live/routes/column-manage-page'),
  },
  {
    path: '/broadcast/teamStatistics',
    title: '团队统计',
    layout: 'staff',
    page: () => import('../features/live/routes/team-statistics-page'),
  },
  {
    path: '/broadcast/live',
    title: '直播后台',
    layout: 'staff',
    page: () => import('../features/live/routes/live-admin-page'),
  },

  // Chat room
  {
    path: '/chatRoom',
    title: '聊天室',
    layout: 'chatroom',
    layoutTransition: { name: 'slide' },
    keepAlive: 'ChatRoom',
    page: () => import('../features/chat/routes/chat-room-page'),
  },
  {
    path: '/chatRoom/chatHistory',
    title: '聊天记录',
    layout: 'chatroom',
    layoutTransition: { name: 'slide' },
    page: () => import('../features/chat/routes/chat-history-page'),
  },
  {
    path: '/chatRoom/settings',
    title: '聊天设置',
    layout: 'chatroom',
    layoutTransition: { name: 'slide' },
    page: () => import('../features/chat/routes/chat-settings-page'),
  },

  // Chemist (pharmacist)
  {
    path: '/chemist/prescription-approval',
    title: '处方审核',
    layout: 'staff',
    page: () => import('../features/clinical/routes/prescription-approval-page'),
  },

  // Doctor
  {
    path: '/doctor/census',
    title: '处方统计',
    layout: 'staff',
    page: () => import('../features/clinical/routes/doctor-census-page'),
  },
  {
    path: '/doctor/prescription',
    title: '处方管理',
    layout: 'staff',
    page: () => import('../features/clinical/routes/doctor-prescription-page'),
  },
  {
    path: '/doctor/consultationNeeds',
    title: '问诊需求',
    layout: 'staff',
    page: () => import('../features/clinical/routes/doctor-consultation-needs-page'),
  },
  {
    path: '/doctor/addRequirements',
    title: '新增问诊需求',
    layout: 'staff',
    page: () => import('../features/clinical/routes/doctor-add-requirements-page'),
  },
  {
    path: '/doctor/healthFormReviewDoctor',
    title: '健康表审核',
    layout: 'staff',
    page: () => import('../features/clinical/routes/doctor-health-form-review-page'),
  },

  // Marketing: every page works on the current pharmacy (pharmacyScoped: 请先选择药店 until one is chosen); the
  // operator opens 用药人 and 会员数据 without one (their platform view), by the shared route map.
  { path: '/marketManage', title: '营销', layout: 'staff', container: true },
  {
    path: '/marketManage/blackUser',
    title: '黑名单',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/black-user-page'),
  },
  {
    path: '/marketManage/channel',
    title: '渠道管理',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/channel-page'),
  },
  {
    path: '/marketManage/createOrder',
    title: '非药品下单',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/create-order-page'),
  },
  {
    path: '/marketManage/createOrder/detail',
    title: '下单详情',
    layout: 'staff',
    pharmacyScoped: true,
    keepAlive: 'CreateOrderDetail',
    page: () => import('../features/marketing/routes/create-order-detail-page'),
  },
  {
    path: '/marketManage/customer',
    title: '会员管理',
    layout: 'staff',
    pharmacyScoped: true,
    keepAlive: 'CustomerPage',
    page: () => import('../features/marketing/routes/customer-page'),
  },
  {
    path: '/marketManage/customer/datas',
    title: '会员数据',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/customer-data-page'),
  },
  {
    path: '/marketManage/customer/data',
    title: '会员数据',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/customer-data-page'),
  },
  {
    path: '/marketManage/drugser',
    title: '用药人',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/drugser-page'),
  },
  {
    path: '/marketManage/drugser/edit',
    title: '编辑用药人',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/drugser-edit-page'),
  },
  {
    path: '/marketManage/healthFormReview',
    title: '健康表审核',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/health-form-review-page'),
  },
  {
    path: '/marketManage/order',
    title: '客户订单',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/order-page'),
  },
  {
    path: '/marketManage/substituteOrder',
    title: '创建代下单',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/substitute-order-page'),
  },
  {
    path: '/marketManage/substituteOrder/detail',
    title: '代下单详情',
    layout: 'staff',
    pharmacyScoped: true,
    keepAlive: 'SubstituteOrderDetail',
    page: () => import('../features/marketing/routes/substitute-order-detail-page'),
  },
  {
    path: '/marketManage/task',
    title: '任务列表',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/task-page'),
  },
  {
    path: '/marketManage/team',
    title: '团队管理',
    layout: 'staff',
    pharmacyScoped: true,
    page: () => import('../features/marketing/routes/team-page'),
  },

  // Pharmacy console
  {
    path: '/pharmacy/switch-pharmacy',
    title: '切换药店',
    layout: 'staff',
    page: () => import('../features/auth/routes/switch-pharmacy-page'),
  },
  {
    path: '/pharmacy/quote',
    title: '报价管理',
    layout: 'staff',
    page: () => import('../features/pharmacy/routes/quote-page'),
  },
  {
    path: '/pharmacy/customer',
    title: '会员管理',
    layout: 'staff',
    keepAlive: 'CustomerPage',
    page: () => import('../features/pharmacy/routes/customer-page'),
  },
  {
    path: '/pharmacy/order',
    title: '订单管理',
    layout: 'staff',
    page: () => import('../features/orders/routes/order-page'),
  },
  {
    path: '/pharmacy/order/census',
    title: '订单统计',
    layout: 'staff',
    page: () => import('../features/orders/routes/order-census-page'),
  },
  {
    path: '/pharmacy/finance',
    title: '财务对账',
    layout: 'staff',
    page: () => import('../features/orders/routes/finance-page'),
  },
  {
    path: '/pharmacy/finance/orderDetail',
    title: '对账明细',
    layout: 'staff',
    page: () => import('../features/orders/routes/finance-order-detail-page'),
  },
  {
    path: '/pharmacy/set',
    title: '药店设置',
    layout: 'staff',
    page: () => import('../features/pharmacy/routes/settings-page'),
  },
  {
    path: '/pharmacy/role',
    title: '账号与权限',
    layout: 'staff',
    page: () => import('../features/pharmacy/routes/role-page'),
  },
  {
    path: '/pharmacy/combo',
    title: '套餐管理',
    layout: 'staff',
    page: () => import('../features/pharmacy/routes/combo-page'),
  },
  {
    path: '/pharmacy/courier',
    title: '快递设置',
    layout: 'staff',
    page: () => import('../features/pharmacy/routes/courier-page'),
  },

  // Operator (website)
  { path: '/website', title: '平台运营', layout: 'staff', container: true },
  {
    path: '/website/dashboard',
    title: '数据看板',
    layout: 'staff',
    page: () => import('../features/operator/routes/dashboard-page'),
  },
  {
    path: '/website/complaint',
    title: '投诉管理',
    layout: 'staff',
    page: () => import('../features/operator/routes/complaint-page'),
  },
  {
    path: '/website/group',
    title: '集团管理',
    layout: 'staff',
    page: () => import('../features/operator/routes/group-page'),
  },
  {
    path: '/website/customer',
    title: '会员管理',
    layout: 'staff',
    page: () => import('../features/operator/routes/customer-page'),
  },
  {
    path: '/website/task',
    title: '任务管理',
    layout: 'staff',
    page: () => import('../features/operator/routes/task-page'),
  },
  {
    path: '/website/census',
    title: '处方统计',
    layout: 'staff',
    page: () => import('../features/operator/routes/census-page'),
  },
  {
    path: '/website/order',
    title: '订单管理',
    layout: 'staff',
    page: () => import('../features/orders/routes/website-order-page'),
  },
  {
    path: '/website/platformColumn',
    title: '平台专栏',
    layout: 'staff',
    page: () => import('../features/live/routes/platform-column-page'),
  },
  {
    path: '/website/platformColumn/select-component',
    title: '选择组件',
    layout: 'staff',
    page: () => import('../features/live/routes/platform-column-select-component-page'),
  },
  {
    path: '/website/pharmacy',
    title: '药店管理',
    layout: 'staff',
    page: () => import('../features/operator/routes/pharmacy-page'),
  },
  {
    path: '/website/syncMedicine',
    title: '药品上传',
    layout: 'staff',
    page: () => import('../features/product-import/routes/sync-medicine-page'),
  },
  {
    path: '/website/content',
    title: '内容管理',
    layout: 'staff',
    page: () => import('../features/cms/routes/content-page'),
  },
  {
    path: '/website/permission',
    title: '权限管理',
    layout: 'staff',
    page: () => import('../features/operator/routes/permission-page'),
  },

  // The patient area (a phone-sized shop; docs/patient-area.md): open to every signed-in account
  { path: '/patient', title: '药房', layout: 'patient', page: () => import('../features/patient/routes/home-page') },
  {
    path: '/patient/checkout',
    title: '确认订单',
    layout: 'patient',
    parent: '/patient',
    page: () => import('../features/patient/routes/checkout-page'),
  },
  {
    path: '/patient/pay',
    title: '付款',
    layout: 'patient',
    parent: '/patient/orders',
    page: () => import('../features/patient/routes/pay-page'),
  },
  {
    path: '/patient/orders',
    title: '我的订单',
    layout: 'patient',
    page: () => import('../features/patient/routes/orders-page'),
  },
  {
    path: '/patient/order',
    title: '订单详情',
    layout: 'patient',
    parent: '/patient/orders',
    page: () => import('../features/patient/routes/order-detail-page'),
  },
  { path: '/patient/me', title: '我的', layout: 'patient', page: () => import('../features/patient/routes/me-page') },
  {
    path: '/patient/family-members',
    title: '就诊人',
    layout: 'patient',
    parent: '/patient/me',
    page: () => import('../features/patient/routes/family-members-page'),
  },
  {
    path: '/patient/addresses',
    title: '收货地址',
    layout: 'patient',
    parent: '/patient/me',
    page: () => import('../features/patient/routes/addresses-page'),
  },
  {
    path: '/patient/consultations',
    title: '问诊与处方',
    layout: 'patient',
    parent: '/patient/me',
    page: () => import('../features/patient/routes/consultations-page'),
  },
  {
    path: '/patient/health',
    title: '健康档案',
    layout: 'patient',
    parent: '/patient/me',
    page: () => import('../features/patient/routes/health-page'),
  },
  {
    path: '/patient/chat',
    title: '在线咨询',
    layout: 'patient',
    page: () => import('../features/patient/routes/chat-list-page'),
  },
  {
    path: '/patient/chat/conversation',
    title: '咨询',
    layout: 'patient',
    parent: '/patient/chat',
    page: () => import('../features/patient/routes/chat-conversation-page'),
  },
  {
    path: '/patient/live',
    title: '直播课堂',
    layout: 'patient',
    parent: '/patient/me',
    page: () => import('../features/patient/routes/live-list-page'),
  },
  {
    path: '/patient/live/period',
    title: '营期报名',
    layout: 'patient',
    parent: '/patient/live',
    page: () => import('../features/patient/routes/live-period-page'),
  },
  {
    path: '/patient/live/watch',
    title: '观看直播',
    layout: 'patient',
    parent: '/patient/live',
    page: () => import('../features/patient/routes/live-watch-page'),
  },
  {
    path: '/patient/share',
    title: '分享套餐',
    layout: 'patient',
    parent: '/patient',
    page: () => import('../features/patient/routes/share-page'),
  },
  {
    path: '/patient/invite',
    title: '欢迎加入',
    layout: 'patient',
    parent: '/patient',
    page: () => import('../features/patient/routes/invite-page'),
  },
  {
    path: '/patient/complaint',
    title: '投诉建议',
    layout: 'patient',
    parent: '/patient',
    page: () => import('../features/patient/routes/complaint-page'),
  },

  // Messages
  { path: '/message', title: '消息', layout: 'staff', page: () => import('../features/messages/routes/messages-page') },
];

/** The roles that may open a path (every role for a public path), as decided by the shared route map. */
export function rolesFor(path: string): Role[] {
  if (!isProtectedPath(path)) return [...allRoles];
  return allRoles.filter((role) => canOpenPath([role], path));
}

const normalise = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
const byPath = new Map(routeTable.map((r) => [r.path, r]));

export function findRoute(path: string): AppRouteDef | undefined {
  return byPath.get(normalise(path.split(/[?#]/)[0] || '/'));
}

export interface Crumb {
  title: string;
  /** The page's path; null for the menu group. */
  path: string | null;
  /** An ancestor page the user may open: a link. The group, a container and the current page are text. */
  link: boolean;
}

export interface CrumbContext {
  /** The user's menu: the group of the page's menu entry leads the breadcrumb, as the sider shows it. */
  groups: MenuGroup[];
  /** Whether the user may open a path (the shared canOpenPage); only such ancestors become links. */
  canOpen: (path: string) => boolean;
}

/**
 * Breadcrumb items of a path. A page under one of the user's menu entries reads group / entry / … / page, the group
 * and the entry as the sider shows them (so 会员数据 is under 其他 in both); any other page lists its ancestor routes
 * (containers such as 营销 included, as text). Ancestors become links only when the user may open them.
 */
export function breadcrumbFor(pathname: string, { groups, canOpen }: CrumbContext): Crumb[] {
  const path = normalise(pathname);
  const segments = path.split('/').filter(Boolean);
  const menu = menuEntryFor(groups, path);
  const crumbs: Crumb[] = menu ? [{ title: menu.group.title, path: null, link: false }] : [];
  for (let i = 1; i <= segments.length; i++) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    if (menu && prefix.length < menu.entry.path.length) continue;
    const route: RouteMeta | undefined = byPath.get(prefix);
    if (!route) continue;
    const ancestor = i < segments.length && !route.container;
    crumbs.push({ title: route.title, path: prefix, link: ancestor && canOpen(prefix) });
  }
  return crumbs;
}
