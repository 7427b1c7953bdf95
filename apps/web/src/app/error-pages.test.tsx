import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConsoleAppContext } from './app-context';
import { ErrorPage, NotFoundPage } from './error-pages';
import { createError, isChunkLoadError, toAppError } from './errors';
import { createConsoleApp } from './lifecycle';
import { RELOAD_STORAGE_KEY } from './reload';

const reloadSpy = vi.hoisted(() => ({ reload: (): undefined => undefined }));
// jsdom cannot reload a page: the boundary's reloads go to a spy, everything else (sessionStorage, clock) is real.
vi.mock('./reload', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./reload')>();
  return {
    ...actual,
    reloadApp: (options: Parameters<typeof actual.reloadApp>[0]) =>
      actual.reloadApp(options, {
        storage: sessionStorage,
        now: Date.now,
        currentPath: () => '/lazy',
        reload: () => reloadSpy.reload(),
        assign: () => reloadSpy.reload(),
      }),
  };
});

import { RouteErrorBoundary } from './route-error-boundary';
import { validationLoader } from './router';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('createError', () => {
  it('defaults to status 500 and "Internal Server Error"', () => {
    const e = createError();
    expect(e.statusCode).toBe(500);
    expect(e.statusMessage).toBe('Internal Server Error');
  });

  it('titles a 404 "Page Not Found" and keeps a given status message', () => {
    expect(createError({ statusCode: 404 }).statusMessage).toBe('Page Not Found');
    expect(createError({ statusCode: 403, statusMessage: 'Forbidden' }).statusMessage).toBe('Forbidden');
  });

  it('normalises plain errors to 500 with their message as description', () => {
    const e = toAppError(new TypeError('x is undefined'));
    expect(e.statusCode).toBe(500);
    expect(e.description).toBe('x is undefined');
  });

  it('recognises failed lazy page loads as chunk errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });
});

describe('error pages', () => {
  it('404 view: "Page Not Found", status 404, 页面不存在 and a link home', () => {
    const router = createMemoryRouter([{ path: '*', element: <NotFoundPage message="Page Not Found: /x" /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('404');
    expect(screen.getByText('页面不存在')).toBeTruthy();
    expect(screen.getByText('Page Not Found: /x')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
  });

  it('general error page: status code, status message and description', () => {
    render(
      <ErrorPage
        error={createError({ statusCode: 503, statusMessage: 'Service Unavailable', description: '维护中' })}
      />,
    );
    expect(screen.getByTestId('error-status').textContent).toBe('503');
    expect(screen.getByRole('heading', { name: 'Service Unavailable' })).toBeTruthy();
    expect(screen.getByText('维护中')).toBeTruthy();
  });

  it('general error page defaults to 500 Internal Server Error', () => {
    render(<ErrorPage error={createError({ description: 'boom' })} />);
    expect(screen.getByTestId('error-status').textContent).toBe('500');
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
  });
});

const renderExploded = new Error('render exploded');
function Broken(): never {
  throw renderExploded;
}

function renderWithBoundary(routes: Parameters<typeof createMemoryRouter>[0], path: string) {
  const app = createConsoleApp({ render: () => undefined });
  const errors: unknown[] = [];
  app.hook('app:error', (e) => {
    errors.push(e);
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ConsoleAppContext.Provider value={app}>
      <RouterProvider router={router} />
    </ConsoleAppContext.Provider>,
  );
  return { errors };
}

describe('route error boundary', () => {
  it('a failed route validation shows the 404 view with "Page Not Found: {path}"', async () => {
    renderWithBoundary(
      [
        {
          path: '/order/:id',
          loader: validationLoader((params) => /^\d+$/.test(params.id ?? '')),
          element: <p>order</p>,
          ErrorBoundary: RouteErrorBoundary,
        },
      ],
      '/order/abc',
    );
    expect(await screen.findByText('Page Not Found: /order/abc')).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('404');
  });

  it('a validation may name its own status', async () => {
    renderWithBoundary(
      [
        {
          path: '/x',
          loader: validationLoader(() => ({ statusCode: 410, statusMessage: 'Gone' })),
          element: <p>x</p>,
          ErrorBoundary: RouteErrorBoundary,
        },
      ],
      '/x',
    );
    expect(await screen.findByRole('heading', { name: 'Gone' })).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('410');
  });

  it('a thrown page error shows the general error page and reaches app:error hooks', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { errors } = renderWithBoundary([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorBoundary }], '/');
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(screen.getByText('render exploded')).toBeTruthy();
    expect(errors).toEqual([renderExploded]);
  });

  it('a failed lazy page load reloads the page once; a second failure within 10 s shows the error page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chunkError = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    const reload = vi.spyOn(reloadSpy, 'reload');
    renderWithBoundary([{ path: '/lazy', lazy: chunkError, ErrorBoundary: RouteErrorBoundary }], '/lazy');
    expect(await screen.findByText('正在加载新版本…')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(RELOAD_STORAGE_KEY) ?? '{}').path).toBe('/lazy');
    cleanup();
    renderWithBoundary([{ path: '/lazy', lazy: chunkError, ErrorBoundary: RouteErrorBoundary }], '/lazy');
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
