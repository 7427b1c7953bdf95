import { isApiError } from '../lib/http';
import { fatalErrorStore, isChunkLoadError } from './errors';
import { type ConsoleApp, definePlugin } from './lifecycle';
import { reloadApp } from './reload';

const BENIGN_MESSAGES = [/ResizeObserver loop/i, /^Script error\.?$/i];

/** Errors that are not fatal: failed API calls (the HTTP layer told the user already), aborts, browser noise. */
export function isIgnorableError(error: unknown): boolean {
  if (isApiError(error)) return true;
  if (error instanceof Error && error.name === 'AbortError') return true;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return BENIGN_MESSAGES.some((re) => re.test(message));
}

/** Window errors and unhandled rejections reach app:error hooks and show the error page (a chunk error reloads once). */
export function installGlobalErrorHandlers(app: ConsoleApp, target: Window = window): () => void {
  const report = (error: unknown) => {
    if (isIgnorableError(error)) return;
    if (isChunkLoadError(error) && reloadApp()) return;
    void app.handleError(error);
    fatalErrorStore.show(error);
  };
  const onError = (event: ErrorEvent) => report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

export const globalErrorsPlugin = definePlugin({
  name: 'global-errors',
  hooks: {
    'app:created': (app) => {
      installGlobalErrorHandlers(app);
    },
  },
});

/** Plugins every start installs; modules add theirs to this list. */
export const corePlugins = [globalErrorsPlugin];
