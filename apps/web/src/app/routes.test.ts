import {
  ALL_PERMISSIONS,
  canOpenPage,
  menuFor,
  menusByRole,
  type PermissionSubject,
  type Role,
  roles,
} from '@pharmacy/shared';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type LayoutName, layoutOf, type RouteHandle } from './route-meta';
import { createAppRoutes } from './router';
import { breadcrumbFor, findRoute, rolesFor, routeTable } from './routes';

/** Every route spec §2 names (plus /message, the messages module). */
const specRoutes = [
  '/',
  '/medicine/list',
  '/medicine/detail',
  '/pharmacy/list',
  '/pharmacy/detail',
  '/login',
  '/login/loginSuccess',
  '/table-demo',
  '/website/contact',
  '/website/services',
  '/website/certificate',
  '/broadcast/topiclist',
  '/broadcast/questionBank',
  '/broadcast/column',
  '/broadcast/column/manage',
  '/broadcast/teamStatistics',
  '/broadcast/live',
  '/chatRoom',
  '/chatRoom/chatHistory',
  '/chatRoom/settings',
  '/chemist/prescription-approval',
  '/doctor/census',
  '/doctor/prescription',
  '/doctor/consultationNeeds',
  '/doctor/addRequirements',
  '/doctor/healthFormReviewDoctor',
  ...[
    'blackUser',
    'channel',
    'createOrder',
    'createOrder/detail',
    'customer',
    'customer/datas',
    'customer/data',
    'drugser',
    'drugser/edit',
    'healthFormReview',
    'order',
    'substituteOrder',
    'substituteOrder/detail',
    'task',
    'team',
  ].map((p) => `/marketManage/${p}`),
  '/pharmacy/switch-pharmacy',
  '/pharmacy/quote',
  '/pharmacy/customer',
  '/pharmacy/order',
  '/pharmacy/order/census',
  '/pharmacy/finance',
  '/pharmacy/finance/orderDetail',
  '/pharmacy/set',
  '/pharmacy/role',
  '/pharmacy/combo',
  '/pharmacy/courier',
  ...[
    'dashboard',
    'complaint',
    'group',
    'customer',
    'task',
    'census',
    'order',
    'platformColumn',
    'platformColumn/select-component',
    'pharmacy',
    'syncMedicine',
  ].map((p) => `/website/${p}`),
  '/message',
];

const routes = createAppRoutes();

function resolve(path: string) {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no match for ${path}`);
  const leaf = matches[matches.length - 1].route;
  const layoutId = matches[1].route.id ?? '';
  return {
    path: leaf.path,
    meta: (leaf.handle as RouteHandle | undefined)?.meta,
    layout: layoutId.replace('layout:', ''),
  };
}

describe('route table', () => {
  it('has every route of spec §2, each exactly once', () => {
    const paths = routeTable.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of specRoutes) expect(paths, path).toContain(path);
  });

  it('resolves every spec route to its own page, not to the 404', () => {
    for (const path of specRoutes) expect(resolve(path).path, path).toBe(path);
  });

  it('gives every route a Chinese title and a page, containers excepted', () => {
    for (const r of routeTable) {
      expect(r.title, r.path).toMatch(/[\u4e00-\u9fa5]/);
      expect(!!r.page !== !!r.container, r.path).toBe(true);
    }
  });

  it('uses the titles the spec names for its pages', () => {
    const titles: Record<string, string> = {
      '/broadcast/topiclist': '课程列表',
      '/broadcast/questionBank': '题库管理',
      '/broadcast/column': '专栏管理',
      '/broadcast/teamStatistics': '团队统计',
      '/doctor/census': '处方统计',
      '/pharmacy/order/census': '订单统计',
      '/pharmacy/finance': '财务对账',
      '/pharmacy/set': '药店设置',
      '/pharmacy/role': '账号与权限',
      '/doctor/healthFormReviewDoctor': '健康表审核',
    };
    for (const [path, title] of Object.entries(titles)) expect(findRoute(path)?.title, path).toBe(title);
  });

  it('matches the menu title of every menu entry', () => {
    // customer_service's and manager's menus name the combo page by the spec's 创建分享套餐; its page is 套餐管理
    const menuAliases: Record<string, string> = { '/pharmacy/combo': '创建分享套餐' };
    for (const role of roles) {
      for (const group of menusByRole[role]) {
        for (const entry of group.children) {
          const title = findRoute(entry.path)?.title;
          if (menuAliases[entry.path] === entry.title) expect(title, entry.path).toBe('套餐管理');
          else expect(title, entry.path).toBe(entry.title);
        }
      }
    }
  });

  it('puts pages in the layouts the spec describes', () => {
    const expected: [string, LayoutName][] = [
      ['/', 'default'],
      ['/medicine/detail', 'default'],
      ['/pharmacy/list', 'default'],
      ['/website/certificate', 'default'],
      ['/login', 'none'],
      ['/login/loginSuccess', 'none'],
      ['/chatRoom', 'chatroom'],
      ['/chatRoom/chatHistory', 'chatroom'],
      ['/chatRoom/settings', 'chatroom'],
      ['/pharmacy/order', 'staff'],
      ['/website/dashboard', 'staff'],
      ['/message', 'staff'],
      ['/marketManage/customer/datas', 'staff'],
      ['/patient', 'patient'],
      ['/patient/orders', 'patient'],
      ['/patient/checkout', 'patient'],
    ];
    for (const [path, layout] of expected) expect(resolve(path).layout, path).toBe(layout);
  });

  it('falls back to the default layout when a route names none', () => {
    expect(layoutOf({})).toBe('default');
    const r = createAppRoutes([{ path: '/x', title: '测试', page: async () => ({ default: () => null }) }]);
    expect(matchRoutes(r, '/x')?.[1].route.id).toBe('layout:default');
  });

  it('serves /marketManage, /website and /broadcast, with and without a trailing slash, as empty staff containers', () => {
    for (const base of ['/marketManage', '/website', '/broadcast']) {
      for (const path of [base, `${base}/`]) {
        const hit = resolve(path);
        expect(hit.path, path).toBe(base);
        expect(hit.meta?.container, path).toBe(true);
        expect(hit.layout, path).toBe('staff');
      }
    }
  });

  it('sends unknown paths to the 404 route', () => {
    expect(resolve('/no/such/page').path).toBe('*');
    expect(resolve('/pharmacy/nothing-here').path).toBe('*');
  });

  it('keeps exactly the five spec pages alive', () => {
    const kept = routeTable.filter((r) => r.keepAlive).map((r) => [r.keepAlive, r.path]);
    // CustomerPage is the member page, reached as marketing's 会员管理 and as the pharmacy area's (issue 11)
    expect(kept.sort()).toEqual(
      [
        ['CreateOrderDetail', '/marketManage/createOrder/detail'],
        ['SubstituteOrderDetail', '/marketManage/substituteOrder/detail'],
        ['CustomerPage', '/marketManage/customer'],
        ['CustomerPage', '/pharmacy/customer'],
        ['ChatRoom', '/chatRoom'],
        ['BroadcastColumn', '/broadcast/column'],
      ].sort(),
    );
  });

  it('derives the roles of a path from the shared route map', () => {
    expect(rolesFor('/doctor/census')).toEqual(['doctor']);
    expect(rolesFor('/medicine/list')).toEqual([...roles]);
    expect(rolesFor('/website/dashboard')).toEqual(['admin']);
    expect(rolesFor('/marketManage/customer/data').sort()).toEqual(
      ['admin', 'customer_service', 'manager', 'pharmacy_admin', 'shop'].sort(),
    );
  });

  describe('breadcrumb', () => {
    const subject = (role: Role, keys: string[] = [ALL_PERMISSIONS]): PermissionSubject => ({
      roles: [role],
      permissions: { '5': keys },
      pharmacy_admin_permissions: { '5': keys },
      admin_permissions: keys,
    });
    const crumbsOf = (user: PermissionSubject, path: string) =>
      breadcrumbFor(path, { groups: menuFor(user, 5), canOpen: (p) => canOpenPage(user, 5, p) });

    it('starts every menu page with the group the menu shows it in, for every role', () => {
      for (const role of roles) {
        const user = subject(role);
        for (const group of menuFor(user, 5)) {
          for (const entry of group.children) {
            expect(crumbsOf(user, entry.path), `${role} ${entry.path}`).toEqual([
              { title: group.title, path: null, link: false },
              // the page's own title (创建分享套餐 is the menu's name of 套餐管理)
              { title: findRoute(entry.path)?.title, path: entry.path, link: false },
            ]);
          }
        }
      }
    });

    it('puts 用药人, 营期管理 and 会员数据 under 其他, as the menus do (spec §6)', () => {
      expect(crumbsOf(subject('shop'), '/broadcast/column/manage').map((c) => c.title)).toEqual(['其他', '营期管理']);
      expect(crumbsOf(subject('admin'), '/marketManage/drugser').map((c) => c.title)).toEqual(['其他', '用药人']);
      expect(crumbsOf(subject('pharmacy_admin'), '/marketManage/drugser/edit')).toEqual([
        { title: '其他', path: null, link: false },
        { title: '用药人', path: '/marketManage/drugser', link: true },
        { title: '编辑用药人', path: '/marketManage/drugser/edit', link: false },
      ]);
    });

    it('never links the operator to 会员管理 from 会员数据', () => {
      const crumbs = crumbsOf(subject('admin'), '/marketManage/customer/data');
      expect(crumbs).toEqual([
        { title: '其他', path: null, link: false },
        { title: '会员数据', path: '/marketManage/customer/data', link: false },
      ]);
      // The same page reached by its route spelling: 会员管理 is named but is no link for the operator.
      const datas = crumbsOf(subject('admin'), '/marketManage/customer/datas');
      expect(datas.find((c) => c.path === '/marketManage/customer')).toEqual({
        title: '会员管理',
        path: '/marketManage/customer',
        link: false,
      });
      expect(crumbsOf(subject('customer_service'), '/marketManage/customer/datas')).toContainEqual({
        title: '会员管理',
        path: '/marketManage/customer',
        link: true,
      });
    });

    it('links an ancestor only when the user holds its permission key', () => {
      const withStatistics = subject('manager', ['order_read_pharmacy', 'order_statistics']);
      expect(crumbsOf(withStatistics, '/pharmacy/order/census').map((c) => c.title)).toEqual(['药店', '订单统计']);
      const ordersOnly = subject('manager', ['order_read_pharmacy']);
      expect(crumbsOf(ordersOnly, '/pharmacy/order/census')).toEqual([
        { title: '药店', path: null, link: false },
        { title: '订单管理', path: '/pharmacy/order', link: true },
        { title: '订单统计', path: '/pharmacy/order/census', link: false },
      ]);
      const financeDetail = (keys: string[]) =>
        breadcrumbFor('/pharmacy/finance/orderDetail', {
          groups: [],
          canOpen: (p) => canOpenPage(subject('pharmacy_admin', keys), 5, p),
        }).find((c) => c.path === '/pharmacy/finance')?.link;
      expect(financeDetail(['finance'])).toBe(true);
      expect(financeDetail(['quote_manage'])).toBe(false);
    });

    it('lists the ancestor routes of a page outside the menu, containers as text', () => {
      expect(breadcrumbFor('/marketManage/createOrder/detail/', { groups: [], canOpen: () => true })).toEqual([
        { title: '营销', path: '/marketManage', link: false },
        { title: '非药品下单', path: '/marketManage/createOrder', link: true },
        { title: '下单详情', path: '/marketManage/createOrder/detail', link: false },
      ]);
      expect(
        breadcrumbFor('/marketManage/createOrder/detail', { groups: [], canOpen: () => false }).some((c) => c.link),
      ).toBe(false);
    });
  });
});
