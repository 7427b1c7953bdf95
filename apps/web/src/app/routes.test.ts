import { menusByRole, roles } from '@pharmacy/shared';
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
    for (const role of roles) {
      for (const group of menusByRole[role]) {
        for (const entry of group.children) expect(findRoute(entry.path)?.title, entry.path).toBe(entry.title);
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
    const kept = Object.fromEntries(routeTable.filter((r) => r.keepAlive).map((r) => [r.keepAlive, r.path]));
    expect(kept).toEqual({
      CreateOrderDetail: '/marketManage/createOrder/detail',
      SubstituteOrderDetail: '/marketManage/substituteOrder/detail',
      CustomerPage: '/marketManage/customer',
      ChatRoom: '/chatRoom',
      BroadcastColumn: '/broadcast/column',
    });
  });

  it('derives the roles of a path from the shared route map', () => {
    expect(rolesFor('/doctor/census')).toEqual(['doctor']);
    expect(rolesFor('/medicine/list')).toEqual([...roles]);
    expect(rolesFor('/website/dashboard')).toEqual(['admin']);
    expect(rolesFor('/marketManage/customer/data').sort()).toEqual(
      ['admin', 'customer_service', 'manager', 'pharmacy_admin', 'shop'].sort(),
    );
  });

  it('builds breadcrumbs from route titles, ancestors as links', () => {
    expect(breadcrumbFor('/pharmacy/order/census')).toEqual([
      { title: '订单管理', path: '/pharmacy/order', link: true },
      { title: '订单统计', path: '/pharmacy/order/census', link: false },
    ]);
    expect(breadcrumbFor('/marketManage/createOrder/detail/')).toEqual([
      { title: '营销', path: '/marketManage', link: false },
      { title: '非药品下单', path: '/marketManage/createOrder', link: true },
      { title: '下单详情', path: '/marketManage/createOrder/detail', link: false },
    ]);
  });
});
