import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';
import { ConsoleAppContext } from './app-context';
import type { ConsoleApp } from './lifecycle';

export const theme: ThemeConfig = {
  token: {
    // antd's default blue (#1677ff) is 4.1:1 on white; this one keeps white-on-primary and links above 4.5:1 (WCAG AA).
    colorPrimary: '#1261d6',
    // link buttons and info states use colorLink/colorInfo, which default to #1677ff regardless of the primary
    colorLink: '#1261d6',
    colorInfo: '#1261d6',
    // danger links (删除) at 5.9:1 instead of antd's #ff4d4f (3.3:1)
    colorError: '#cf1322',
    // placeholders are read as content (axe color-contrast): 0.56 black is 4.6:1 on white
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // Secondary text (menu group titles, breadcrumb links) at 60 % instead of 45 % black, for the same reason.
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif",
  },
};

// antd's static message and Modal (lib/feedback.ts) render outside the tree: give them the same locale and theme.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  ),
});

/** Everything a page may rely on: the app, antd in zh_CN, and the query client. */
export function AppProviders({ app, children }: { app: ConsoleApp | null; children: ReactNode }) {
  return (
    <ConsoleAppContext.Provider value={app}>
      <ConfigProvider locale={zhCN} theme={theme}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </ConsoleAppContext.Provider>
  );
}
