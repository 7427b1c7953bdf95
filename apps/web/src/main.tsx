// antd's component CSS, extracted at build time (build/antd-static-style.ts); the console's own CSS comes after it.
import 'virtual:antd.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { ErrorPage } from './app/error-pages';
import { fatalErrorStore, toAppError } from './app/errors';
import { createConsoleApp, startApp } from './app/lifecycle';
import { corePlugins } from './app/plugins';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';

const app = createConsoleApp({
  plugins: corePlugins,
  render(container, app) {
    const router = createAppRouter();
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
startApp(app, container).catch((error: unknown) => {
  // startApp has logged 'Error while mounting app:'; the user still gets the error page.
  if (app.mounted) fatalErrorStore.show(error);
  else
    createRoot(container ?? document.body.appendChild(document.createElement('div'))).render(
      <ErrorPage error={toAppError(error)} />,
    );
});
