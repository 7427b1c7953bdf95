import { existsSync } from 'node:fs';
import type { Plugin } from 'vite';

/** An English locale module of antd or of the rc-components it takes locales from (pagination, picker). */
const EN_US =
  /[\\/]node_modules[\\/](?:antd|@rc-component[\\/](?:pagination|picker))[\\/](?:.+[\\/])?locale[\\/]en_US\.js$/;

/** The zh_CN module beside an English locale module of antd, or null when `file` is none or has no such sibling. */
export function zhCnSibling(file: string): string | null {
  if (!EN_US.test(file)) return null;
  const zh = file.replace(/en_US\.js$/, 'zh_CN.js');
  return existsSync(zh) ? zh : null;
}

/**
 * antd's components fall back on its English locale (`import defaultLocale from '../locale/en_US'`, about 20 of
 * them, and the date picker's, calendar's, pagination's) for any text their ConfigProvider's locale lacks. The console
 * renders antd only under `ConfigProvider locale={zhCN}` (app/providers.tsx; static message and Modal through its
 * `holderRender`), and zh_CN has every key en_US has (app/antd-zh-fallback.test.ts), so the English texts are never
 * shown; they were still in every first load (antd's ConfigProvider imports them), beside the zh_CN locale. In the
 * build, those imports resolve to the zh_CN sibling: the fallback is the locale the console loads anyway.
 */
export function antdZhFallback(): Plugin {
  return {
    name: 'pharmacy:antd-zh-fallback',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/(?:^|\/)en_US(?:\.js)?$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const zh = resolved && !resolved.external ? zhCnSibling(resolved.id) : null;
      return zh ?? resolved;
    },
  };
}
