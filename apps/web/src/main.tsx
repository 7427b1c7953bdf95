import { MOUNT_ERROR_LOG } from './app/lifecycle';
import { reloadApp } from './app/reload';
import { nextTask } from './lib/next-task';

/**
 * The console starts in stages: each dynamic import below compiles and runs its modules in a task of its own, and
 * the browser may paint and answer input between them. One static import graph would run React, antd, the router and
 * the app in a single task of several hundred milliseconds on a slow phone. The build preloads every stage's chunks
 * and styles from index.html (build/preload-links.ts; the server adds the page's own), so the stages wait for no extra
 * round trip. index.html blocks on no stylesheet and paints its splash at once; the styles are applied here, one
 * sheet per task (parsing a sheet is work of its own), and the console renders once they have all loaded.
 */
async function boot() {
  const styles = applyPreloadedStyles();
  await import('react-dom/client');
  await nextTask();
  await import('./app/providers');
  await nextTask();
  const { start } = await import('./app/start');
  await styles;
  await nextTask();
  await start();
}

/**
 * Turns each style preload of the page into a stylesheet, one per task, in document order (the cascade's order).
 * Resolves when every sheet has loaded or failed. Vite's loader then finds them in place and adds none again.
 */
async function applyPreloadedStyles(): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const preload of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) {
    const sheet = document.createElement('link');
    sheet.rel = 'stylesheet';
    sheet.crossOrigin = preload.crossOrigin ?? '';
    sheet.href = preload.href;
    loads.push(
      new Promise((settle) => {
        sheet.addEventListener('load', settle, { once: true });
        sheet.addEventListener('error', settle, { once: true });
      }),
    );
    document.head.appendChild(sheet);
    await nextTask();
  }
  await Promise.all(loads);
}

boot().catch((error: unknown) => {
  // A stage failed to load (a new deploy removed its chunk, the network dropped): reload once, else say so plainly
  // (React itself may be what failed to load). start() shows its own errors in the console's error page.
  console.error(MOUNT_ERROR_LOG, error);
  if (reloadApp()) return;
  const status = document.querySelector('#app [role="status"]');
  if (status) status.textContent = '页面加载失败，请检查网络后刷新重试';
});
