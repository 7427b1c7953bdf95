import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, Outlet, type RouteObject, useLocation } from 'react-router';
import { preloadRoute } from '../lib/route-preloads';
import { BootFallback, NotFoundPage } from './error-pages';
import { notFoundError } from './errors';
import { RootView } from './root-view';
import { RouteErrorBoundary } from './route-error-boundary';
import {
  type AppRouteDef,
  type LayoutName,
  layoutOf,
  type RouteHandle,
  type RouteMeta,
  type RouteValidate,
} from './route-meta';
import { routeTable } from './routes';

type LazyModule = () => Promise<{ default: ComponentType }>;

const layoutModules: Record<Exclude<LayoutName, 'none'>, LazyModule> = {
  staff: () => import('./layouts/staff-layout'),
  chatroom: () => import('./layouts/chatroom-layout'),
  patient: () => import('./layouts/patient-layout'),
  default: () => import('./layouts/default-layout'),
};

/** Login pages: no layout at all. */
function NoLayout() {
  return <Outlet />;
}

/** /marketManage, /website, /broadcast: an empty area inside the layout. */
function EmptyContainer() {
  const { pathname } = useLocation();
  return <section data-container={pathname} aria-label="空白页" style={{ minHeight: 200 }} />;
}

function NotFoundRoute() {
  const { pathname } = useLocation();
  return <NotFoundPage message={`Page Not Found: ${pathname}`} />;
}

/** A route's `validate` runs as its loader; a failure is a 404 'Page Not Found: {path}' unless it says otherwise. */
export function validationLoader(validate: RouteValidate) {
  return ({ params, request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const result = validate(params, url);
    if (result === true) return null;
    const detail = typeof result === 'object' ? result : {};
    throw notFoundError(url.pathname + url.search, detail.statusCode ?? 404, detail.statusMessage);
  };
}

function pageRoute(def: AppRouteDef): RouteObject {
  const { path, page, validate, ...meta } = def;
  const handle: RouteHandle = { meta: meta satisfies RouteMeta };
  return {
    path,
    handle,
    ErrorBoundary: RouteErrorBoundary,
    ...(page
      ? {
          lazy: async () => {
            preloadRoute(path);
            // A pharmacy-scoped page renders behind RequirePharmacy, loaded with the page (not in the entry).
            const [{ default: Page }, guard] = await Promise.all([
              page(),
              meta.pharmacyScoped ? import('./require-pharmacy') : undefined,
            ]);
            return { Component: guard ? guard.pharmacyScopedPage(Page, path, meta.title) : Page };
          },
        }
      : { Component: EmptyContainer }),
    ...(validate ? { loader: validationLoader(validate) } : {}),
  };
}

export interface AppRoutesOptions {
  /** Replaces layout components (tests render without the real, lazily loaded layouts). */
  layouts?: Partial<Record<Exclude<LayoutName, 'none'>, ComponentType>>;
}

/** The route tree: root view (guards, session hydration) → one pathless route per layout → the pages. */
export function createAppRoutes(table: AppRouteDef[] = routeTable, options: AppRoutesOptions = {}): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  for (const def of table) {
    const layout = layoutOf(def);
    byLayout.set(layout, [...(byLayout.get(layout) ?? []), pageRoute(def)]);
  }
  const notFound: RouteObject = {
    path: '*',
    handle: { meta: { title: '页面不存在' } } satisfies RouteHandle,
    Component: NotFoundRoute,
  };
  byLayout.set('default', [...(byLayout.get('default') ?? []), notFound]);

  const layoutRoutes: RouteObject[] = [...byLayout].map(([layout, children]) => {
    const base = { id: `layout:${layout}`, children, ErrorBoundary: RouteErrorBoundary };
    if (layout === 'none') return { ...base, Component: NoLayout };
    const override = options.layouts?.[layout];
    if (override) return { ...base, Component: override };
    const load = layoutModules[layout];
    return { ...base, lazy: async () => ({ Component: (await load()).default }) };
  });

  return [
    {
      id: 'root',
      Component: RootView,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: BootFallback,
      children: layoutRoutes,
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(createAppRoutes());
