import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme. Styles are not generated in the browser (`zeroRuntime`): the build extracts the CSS of the
 * components the console imports, with these tokens (build/antd-static-style.ts), and antd only sets the token
 * variables at run time. Class names carry no hash, so the extracted selectors match.
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  hashed: false,
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

const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

/** The theme, without antd's animations for a user whose system asks for reduced motion (prefers-reduced-motion). */
export const themeFor = (reducedMotion: boolean): ThemeConfig => (reducedMotion ? stillTheme : theme);
