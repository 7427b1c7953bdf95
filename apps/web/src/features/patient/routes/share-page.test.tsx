import { type ShareOpen, shareContracts, type UserInfo } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session-store';
import { installDomStubs } from '../../../lib/testing/dom';
import { cartStorageKey, parseCart } from '../lib/cart';
import SharePage from './share-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 20_000 };
const ACCOUNT = 50;

const shared = (extra: Partial<ShareOpen> = {}): ShareOpen => ({
  id: 7,
  kind: 'items',
  title: '李阿姨的常备药',
  message: '这是上次电话里说的几样药。',
  sharer_name: '王丽娟',
  pharmacy: { id: 3, name: '仁心大药房(上海浦东店)', logo_url: '', phone: '', address: '' },
  items: [
    {
      quote_id: 11,
      qty: 2,
      name: '布洛芬缓释胶囊',
      spec: '0.3g*20粒',
      type: 'OTC',
      image: null,
      price: '12.50',
      stock: 30,
      on_shelf: true,
    },
    {
      quote_id: 12,
      qty: 1,
      name: '维生素C片',
      spec: '100片',
      type: 'OTC',
      image: null,
      price: '5.00',
      stock: 0,
      on_shelf: true,
    },
    {
      quote_id: 13,
      qty: 1,
      name: '板蓝根颗粒',
      spec: '10g*20袋',
      type: 'OTC',
      image: null,
      price: '15.00',
      stock: 10,
      on_shelf: false,
    },
  ],
  combo: null,
  live: null,
  ...extra,
});

function serve(answer: () => unknown) {
  vi.mocked(callApi).mockReset();
  vi.mocked(callApi).mockImplementation(((contract: unknown) => {
    if (contract !== shareContracts.open) return Promise.reject(new Error('unexpected call'));
    try {
      return Promise.resolve(answer());
    } catch (error) {
      return Promise.reject(error);
    }
  }) as typeof callApi);
}

function renderPage(id = 7) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/patient/share', element: <SharePage /> },
      { path: '/patient/checkout', element: <p>确认订单页</p> },
      { path: '/patient/live/watch', element: <p>观看页</p> },
      { path: '/patient/live/period', element: <p>营期页</p> },
    ],
    { initialEntries: [`/patient/share?id=${id}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeAll(() => installDomStubs());
beforeEach(() => {
  localStorage.clear();
  useSessionStore.setState({ token: 't', userInfo: { id: ACCOUNT, name: '李小华', phone: '13900000001' } as UserInfo });
});
afterEach(() => cleanup());

describe('the recipient’s share page', () => {
  it('shows the sharer, the message and the items; 立即购买 puts exactly the buyable lines in the cart', async () => {
    serve(() => shared());
    const router = renderPage();
    await screen.findByText('李阿姨的常备药', undefined, WAIT);
    expect(screen.getByText('王丽娟')).toBeTruthy();
    expect(screen.getByText('“这是上次电话里说的几样药。”')).toBeTruthy();
    expect(screen.getByText('暂时缺货')).toBeTruthy();
    expect(screen.getByText('已下架')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await screen.findByText('确认订单页', undefined, WAIT);
    expect(router.state.location.search).toBe('?pharmacy_id=3');
    const cart = parseCart(localStorage.getItem(cartStorageKey(ACCOUNT, 3)));
    // the line out of stock and the one off shelf are left out
    expect(cart.lines.map((l) => [l.quote_id, l.qty, l.price])).toEqual([[11, 2, '12.50']]);
    expect(cart.combo).toBeNull();
  });

  it('a combo share buys the combo', async () => {
    serve(() =>
      shared({
        kind: 'combo',
        items: [],
        combo: {
          id: 21,
          name: '高血压慢病月度套餐',
          price: '63.90',
          original_total: '71.72',
          has_rx: true,
          available: 4,
          on_sale: true,
          items: [
            {
              quote_id: 11,
              product_name: '苯磺酸氨氯地平片',
              spec: '5mg*7片',
              type: 'RX',
              image: null,
              price: '7.57',
              qty: 4,
            },
          ],
        },
      }),
    );
    renderPage();
    await screen.findByText('高血压慢病月度套餐', undefined, WAIT);
    expect(screen.getByRole('note').textContent).toContain('含处方药');
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await screen.findByText('确认订单页', undefined, WAIT);
    const cart = parseCart(localStorage.getItem(cartStorageKey(ACCOUNT, 3)));
    expect(cart.lines).toEqual([]);
    expect(cart.combo).toMatchObject({ id: 21, price: '63.90', qty: 1, has_rx: true });
  });

  it('a live share leads to its watch page when enrolled, else to the period to enrol', async () => {
    const live = {
      id: 31,
      title: '高血压用药课堂',
      cover_url: '',
      lecturer: '刘静怡',
      intro: '',
      start_at: '2026-11-24T02:00:00.000Z',
      end_at: '2026-11-24T03:00:00.000Z',
      status: 'scheduled' as const,
      enrolled: false,
      watch_path: null,
      period_path: '/patient/live/period?id=5',
    };
    serve(() => shared({ kind: 'live', items: [], live }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '报名听课' }, WAIT));
    await screen.findByText('营期页', undefined, WAIT);
    cleanup();

    serve(() =>
      shared({ kind: 'live', items: [], live: { ...live, enrolled: true, watch_path: '/patient/live/watch?id=31' } }),
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /进入直播间/ }, WAIT));
    await screen.findByText('观看页', undefined, WAIT);
  });

  it('anyone but the recipient sees 您不是被分享人 (403001); a share not approved reads as missing', async () => {
    serve(() => {
      throw new ApiError({
        httpCode: 403,
        message: 'Not the share recipient',
        msg: '您不是被分享人',
        responseData: { code: 403001, msg: '您不是被分享人', message: 'Not the share recipient', data: null },
      });
    });
    renderPage();
    await screen.findByText('您不是被分享人', undefined, WAIT);
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
    cleanup();

    serve(() => {
      throw new ApiError({
        httpCode: 404,
        message: 'Share missing',
        msg: '分享不存在或未通过审核',
        responseData: { code: 404000, msg: '分享不存在或未通过审核', message: 'Share missing', data: null },
      });
    });
    renderPage();
    await screen.findByText('分享不存在或未通过审核', undefined, WAIT);
  });
});
