import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { nextTask } from '../lib/next-task';
import { loadRoutePreloadsWhenIdle } from '../lib/route-preloads';
import { ErrorPage } from './error-pages';
import { fatalErrorStore, toAppError } from './errors';
import { createConsoleApp, startApp } from './lifecycle';
import { corePlugins } from './plugins';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** Creates the console app and mounts it into #app (the last step of the boot, see main.tsx). */
export async function start(): Promise<unknown> {
  // The router starts loading the page's modules at once; React renders it in a later task.
  const router = createAppRouter();
  await nextTask();
  const app = createConsoleApp({
    plugins: corePlugins,
    render(container, app) {
      const root = createRoot(container, {
        // An error above the router's boundaries: React has unmounted the tree, so show the error page in its place.
        onUncaughtError(error) {
          void app.handleError(error);
          root.render(<ErrorPage error={toAppError(error)} />);
        },
      });
      // Rendered as a transition, so React builds the first screen in small slices instead of one long task.
      startTransition(() =>
        root.render(
          <StrictMode>
            <AppProviders app={app}>
              <RouterProvider router={router} />
            </AppProviders>
          </StrictMode>,
        ),
      );
    },
  });

  const container = document.getElementById('app');
  // the map of each page's modules, for the navigations to come (the first page's came with index.html)
  loadRoutePreloadsWhenIdle();
  return startApp(app, container).catch((error: unknown) => {
    // startApp has logged 'Error while mounting app:'; the user still gets the error page.
    if (app.mounted) fatalErrorStore.show(error);
    else
      createRoot(container ?? document.body.appendChild(document.createElement('div'))).render(
        <ErrorPage error={toAppError(error)} />,
      );
  });
}
