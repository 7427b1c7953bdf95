import { channelContracts, type WxaPreview } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../../../lib/feedback';
import { ApiError, callApi } from '../../../lib/http';
import { installDomStubs } from '../../../lib/testing/dom';
import InvitePage from './invite-page';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/http')>()),
  callApi: vi.fn(),
}));

const WAIT = { timeout: 30_000 };

const preview = (p: Partial<WxaPreview> = {}): WxaPreview => ({
  kind: 'staff',
  pharmacy_id: 7,
  pharmacy_name: '仁心大药房(上海浦东店)',
  pharmacy_logo: '',
  channel_name: null,
  staff_name: '王丽娟',
  is_customer: false,
  ...p,
});

function renderPage(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/patient/invite', element: <InvitePage /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const calls = (contract: unknown) => vi.mocked(callApi).mock.calls.filter(([c]) => c === contract);

beforeAll(installDomStubs);
beforeEach(() => {
  vi.mocked(callApi).mockReset();
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
});
afterEach(() => {
  cleanup();
  unbindFeedback();
});

describe('invite page', { timeout: 120_000 }, () => {
  it('shows the pharmacy and the inviting member; 加入药店 binds and says so', async () => {
    vi.mocked(callApi).mockImplementation(((contract: unknown) => {
      if (contract === channelContracts.wxaResolve) return Promise.resolve(preview());
      if (contract === channelContracts.wxaMapping)
        return Promise.resolve({ pharmacy_id: 7, pharmacy_name: '仁心大药房(上海浦东店)', joined: true });
      return Promise.reject(new Error('unexpected call'));
    }) as typeof callApi);
    renderPage('/patient/invite?staff=5');
    await screen.findByText('仁心大药房(上海浦东店)', undefined, WAIT);
    expect(screen.getByText(/王丽娟 邀请您加入本店会员/)).toBeTruthy();
    expect(calls(channelContracts.wxaResolve)[0][1]).toEqual({ staff: 5 });
    fireEvent.click(screen.getByRole('button', { name: /加入药店/ }));
    await screen.findByText('加入成功', undefined, WAIT);
    expect(calls(channelContracts.wxaMapping)[0][1]).toEqual({ staff: 5 });
    expect(screen.getByText(/您已成为仁心大药房\(上海浦东店\)的会员/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /进入药房/ }).getAttribute('href')).toBe('/patient?pharmacy_id=7');
  });

  it('an existing customer is told so; their arrival is recorded once as a scan of the code', async () => {
    vi.mocked(callApi).mockImplementation(((contract: unknown) => {
      if (contract === channelContracts.wxaResolve)
        return Promise.resolve(
          preview({ kind: 'channel', channel_name: '门店海报', staff_name: null, is_customer: true }),
        );
      if (contract === channelContracts.wxaMapping)
        return Promise.resolve({ pharmacy_id: 7, pharmacy_name: '仁心大药房(上海浦东店)', joined: false });
      return Promise.reject(new Error('unexpected call'));
    }) as typeof callApi);
    renderPage('/patient/invite?scene=pd-poster');
    await screen.findByText('您已是本店会员', undefined, WAIT);
    expect(calls(channelContracts.wxaResolve)[0][1]).toEqual({ scene: 'pd-poster' });
    await waitFor(() => expect(calls(channelContracts.wxaMapping)).toHaveLength(1), WAIT);
    expect(calls(channelContracts.wxaMapping)[0][1]).toEqual({ scene: 'pd-poster' });
    expect(screen.queryByRole('button', { name: /加入药店/ })).toBeNull();
  });

  it('a bad or unknown code says the code is invalid', async () => {
    renderPage('/patient/invite?staff=abc');
    await screen.findByText('二维码无效或已失效', undefined, WAIT);
    expect(callApi).not.toHaveBeenCalled();
    cleanup();
    vi.mocked(callApi).mockRejectedValue(
      new ApiError({ httpCode: 404, msg: '二维码无效或已失效', message: 'Unknown scene', responseData: null }),
    );
    renderPage('/patient/invite?scene=zzzz');
    await waitFor(() => expect(screen.getByText('二维码无效或已失效')).toBeTruthy(), WAIT);
  });
});
