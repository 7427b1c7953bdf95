import { proxyOrderContracts as c, IDEMPOTENCY_HEADER, type ProxyCatalog, type ProxyCustomer } from '@pharmacy/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { ApiError, callApi } from '../../../lib/http';
import { installDomStubs } from '../../../lib/testing/dom';
import { renderRoute } from '../../../lib/testing/render-route';
import SubstituteOrderPage from './substitute-order-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 60_000 };

const customer: ProxyCustomer = {
  account_id: 8,
  name: '李小华',
  phone: '139****0001',
  owner_name: '王丽娟',
  mine: true,
  family_members: [
    { id: 31, name: '李小华', relation: 'self', gender: 'female', age: 36, is_default: true },
    { id: 32, name: '李大山', relation: 'parent', gender: 'male', age: 66, is_default: false },
  ],
  addresses: [
    { id: 41, name: '李小华', phone: '139****0001', address: '上海市浦东新区世纪大道 100 号', is_default: true },
  ],
};
const catalog: ProxyCatalog = {
  freight: '6.00',
  free_freight_threshold: '99.00',
  quotes: [
    {
      quote_id: 501,
      product_name: '布洛芬缓释胶囊',
      spec: '0.3g*24粒',
      type: 'OTC',
      price: '16.45',
      stock: 40,
      image: '',
    },
    { quote_id: 502, product_name: '医用口罩', spec: '10只/包', type: 'NON_DRUG', price: '45.10', stock: 9, image: '' },
  ],
  combos: [],
};

let createResult: () => Promise<unknown>;

function serve() {
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract === c.customers) return Promise.resolve([]);
    if (contract === c.customer) return Promise.resolve(customer);
    if (contract === c.catalog) return Promise.resolve(catalog);
    if (contract === c.create) return createResult();
    return Promise.reject(new Error('unexpected call'));
  }) as typeof callApi);
}

const createCalls = () =>
  vi
    .mocked(callApi)
    .mock.calls.filter(([k]) => k === c.create)
    .map(([, body, options]) => ({
      body: body as Record<string, unknown>,
      key: (options as { headers: Record<string, string> }).headers[IDEMPOTENCY_HEADER],
    }));

function renderPage(url: string) {
  return renderRoute(
    [
      { path: '/marketManage/substituteOrder', element: <SubstituteOrderPage /> },
      { path: '/marketManage/substituteOrder/detail', element: <p>详情页</p> },
    ],
    { url, locale: null },
  );
}

async function addQuote(text: RegExp) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '添加商品' }));
  fireEvent.click(await screen.findByText(text, undefined, WAIT));
}

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  createResult = () => Promise.resolve({ id: 77, pay_link: '/patient/pay?id=77' });
  serve();
  bindFeedback({});
});
afterEach(() => {
  cleanup();
  unbindFeedback();
});

describe('创建代下单', () => {
  it('prefills the customer from ?customer=, with their default family member and address', async () => {
    renderPage('/marketManage/substituteOrder?customer=8');
    await screen.findByText('李小华 139****0001', undefined, WAIT);
    expect(await screen.findByText('李小华（本人，女，36 岁）', undefined, WAIT)).toBeTruthy();
    expect(screen.getByText(/上海市浦东新区世纪大道 100 号（默认）/)).toBeTruthy();
    const customerCalls = vi.mocked(callApi).mock.calls.filter(([k]) => k === c.customer);
    expect(customerCalls[0]?.[1]).toEqual({ id: 8 });
  }, 60_000);

  it('adds quotes with live totals (free freight from the threshold) and sends one key per body', async () => {
    const router = renderPage('/marketManage/substituteOrder?customer=8');
    await screen.findByText('李小华（本人，女，36 岁）', undefined, WAIT);
    await addQuote(/^布洛芬缓释胶囊/);
    const lines = screen.getByRole('table', { name: '已选商品' });
    await within(lines).findByText('布洛芬缓释胶囊', undefined, WAIT);
    await screen.findByText('¥22.45', undefined, WAIT); // 16.45 + freight 6.00
    const qty = screen.getByRole('spinbutton', { name: '数量：布洛芬缓释胶囊' });
    fireEvent.focus(qty);
    fireEvent.change(qty, { target: { value: '3' } });
    fireEvent.blur(qty);
    await addQuote(/^医用口罩/);
    // 3 × 16.45 + 45.10 = 94.45 (< 99: freight 6.00) → 100.45
    await screen.findByText('¥100.45', undefined, WAIT);

    // the first submit fails (a lost answer), the retry with the same body carries the same key
    createResult = () =>
      Promise.reject(new ApiError({ httpCode: 500, msg: '服务器错误', message: '', responseData: null }));
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(createCalls().length).toBe(1), WAIT);
    createResult = () => Promise.resolve({ id: 77, pay_link: '/patient/pay?id=77' });
    fireEvent.click(screen.getByRole('button', { name: /提交订单/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/marketManage/substituteOrder/detail'), WAIT);
    expect(router.state.location.search).toBe('?id=77');
    const [first, second] = createCalls();
    expect(second!.key).toBe(first!.key);
    expect(second!.body).toEqual({
      kind: 'proxy',
      customer_id: 8,
      family_member_id: 31,
      address_id: 41,
      lines: [
        { quote_id: 501, qty: 3 },
        { quote_id: 502, qty: 1 },
      ],
      remark: '',
    });
  }, 180_000);

  it('asks for goods before sending anything', async () => {
    renderPage('/marketManage/substituteOrder?customer=8');
    await screen.findByText('李小华（本人，女，36 岁）', undefined, WAIT);
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await screen.findByText('请选择商品', undefined, WAIT);
    expect(createCalls()).toEqual([]);
  }, 60_000);
});
