import { MOUNT_ERROR_LOG } from './app/lifecycle';
import { reloadApp } from './app/reload';
import { nextTask } from './lib/next-task';

/**
 * The console starts in stages: each dynamic import below compiles and runs its modules in a task of its own, and
 * the browser may paint and answer input between them. One static import graph would run React, antd, the router and
 * the app in a single task of several hundred milliseconds on a slow phone. The build preloads every stage's chunks
 * and styles from index.html (build/preload-links.ts), so the stages wait for no extra round trip. The styles come
 * with the providers stage (Vite applies a chunk's CSS before the chunk runs): index.html blocks on no stylesheet and
 * paints its splash at once.
 */
async function boot() {
  await import('react-dom/client');
  await nextTask();
  await import('./app/providers');
  await nextTask();
  const { start } = await import('./app/start');
  await nextTask();
  await start();
}

boot().catch((error: unknown) => {
  // A stage failed to load (a new deploy removed its chunk, the network dropped): reload once, else say so plainly
  // (React itself may be what failed to load). start() shows its own errors in the console's error page.
  console.error(MOUNT_ERROR_LOG, error);
  if (reloadApp()) return;
  const status = document.querySelector('#app [role="status"]');
  if (status) status.textContent = '页面加载失败，请检查网络后刷新重试';
});
