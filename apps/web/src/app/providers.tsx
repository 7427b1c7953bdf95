// antd's component CSS, extracted at build time (build/antd-static-style.ts); the console's own CSS comes after it.
import 'virtual:antd.css';
import './global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useSyncExternalStore } from 'react';
import { queryClient } from '../lib/query-client';
import { ConsoleAppContext } from './app-context';
import type { ConsoleApp } from './lifecycle';
import { themeFor } from './theme';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.(reducedMotionQuery).matches;
const onReducedMotionChange = (notify: () => void) => {
  const query = typeof window !== 'undefined' ? window.matchMedia?.(reducedMotionQuery) : undefined;
  query?.addEventListener('change', notify);
  return () => query?.removeEventListener('change', notify);
};

// antd's static message and Modal (lib/feedback.ts) render outside the tree: give them the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={themeFor(prefersReducedMotion())}>
      {children}
    </ConfigProvider>
  ),
});

/** Everything a page may rely on: the app, antd in zh_CN, and the query client. */
export function AppProviders({ app, children }: { app: ConsoleApp | null; children: ReactNode }) {
  const reducedMotion = useSyncExternalStore(onReducedMotionChange, prefersReducedMotion, () => false);
  return (
    <ConsoleAppContext.Provider value={app}>
      <ConfigProvider locale={zhCN} theme={themeFor(reducedMotion)}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </ConsoleAppContext.Provider>
  );
}
