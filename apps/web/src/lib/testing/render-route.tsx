import type { MyPharmacy, UserInfo } from '@pharmacy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { bindFeedback, unbindFeedback } from '../feedback';
import { callApi } from '../http';
import { useSessionStore } from '../session-store';
import { installDomStubs } from './dom';

export type TestRouter = ReturnType<typeof createMemoryRouter>;

export interface RenderRouteOptions {
  /** The route's path when a single element is rendered. */
  path?: string;
  /** Where the router starts; by default the (first) route's path. */
  url?: string;
  /** Signs this user in (token `t`) before rendering; without it the session is left as it is. */
  user?: UserInfo;
  /** The session's current pharmacy, set with `user` (left as it is when absent). */
  pharmacy?: MyPharmacy | null;
  /** antd's locale: zhCN as the console has it; null renders without a ConfigProvider (antd's defaults). */
  locale?: Locale | null;
}

/**
 * Renders a page in a memory router at `url`, with a fresh QueryClient (no retries) and antd in Chinese, and answers
 * the router (its `state.location` shows where the page navigated). Give one element with its `path`, or the routes.
 */
export function renderRoute(element: ReactElement, options: RenderRouteOptions & { path: string }): TestRouter;
export function renderRoute(routes: RouteObject[], options?: RenderRouteOptions): TestRouter;
export function renderRoute(routes: ReactElement | RouteObject[], options: RenderRouteOptions = {}): TestRouter {
  const list = Array.isArray(routes) ? routes : [{ path: options.path, element: routes }];
  const { user, pharmacy, locale = zhCN } = options;
  if (user) {
    useSessionStore.setState({
      token: 't',
      userInfo: user,
      ...(pharmacy !== undefined && { currentPharmacy: pharmacy }),
    });
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(list, { initialEntries: [options.url ?? list[0]?.path ?? '/'] });
  const page = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  render(locale ? <ConfigProvider locale={locale}>{page}</ConfigProvider> : page);
  return router;
}

/** Binds a message API that shows nothing, so toasts neither load antd's static message nor stay on the page. */
export function bindQuietFeedback() {
  const quiet = { success: () => undefined, error: () => undefined, info: () => undefined, warning: () => undefined };
  bindFeedback({ message: quiet as never });
}

/**
 * Registers a route test's hooks: the DOM stubs once; before each test a reset callApi (when the file mocks it, with
 * `vi.mock('../../../lib/http', …)`: vitest hoists that per file, so it stays there) and quiet feedback; after each,
 * cleanup, the feedback unbound and the session cleared. Call it at the test file's top level.
 */
export function setupRouteTest() {
  beforeAll(installDomStubs);
  beforeEach(() => {
    if (vi.isMockFunction(callApi)) vi.mocked(callApi).mockReset();
    bindQuietFeedback();
  });
  afterEach(() => {
    cleanup();
    unbindFeedback();
    useSessionStore.getState().clear();
  });
}
