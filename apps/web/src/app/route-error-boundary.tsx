import { useEffect, useState } from 'react';
import { useLocation, useRouteError } from 'react-router';
import { useConsoleApp } from './app-context';
import { BootFallback, ErrorPage, NotFoundPage } from './error-pages';
import { isChunkLoadError, toAppError } from './errors';
import { reloadApp } from './reload';

/** Errors already handled, so a re-render (or StrictMode's second effect run) does not report or reload twice. */
const handled = new WeakSet<object>();

/**
 * The router's errorElement. A failed lazy page load reloads the page once (same-path reloads suppressed for
 * 10000 ms); a 404 shows the not-found view; anything else shows the general error page and reaches app:error hooks.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const app = useConsoleApp();
  const location = useLocation();
  const chunkError = isChunkLoadError(error);
  const [phase, setPhase] = useState<'reloading' | 'shown'>(chunkError ? 'reloading' : 'shown');

  useEffect(() => {
    const key = typeof error === 'object' && error !== null ? error : null;
    if (key && handled.has(key)) return;
    if (key) handled.add(key);
    if (chunkError && reloadApp({ path: location.pathname + location.search })) return;
    setPhase('shown');
    void app?.handleError(error);
  }, [error, chunkError, app, location.pathname, location.search]);

  if (phase === 'reloading') return <BootFallback text="正在加载新版本…" />;
  const appError = toAppError(error);
  if (appError.statusCode === 404) return <NotFoundPage message={appError.statusMessage} />;
  return <ErrorPage error={appError} />;
}
