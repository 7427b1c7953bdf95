import { applyPreloadedStyles, runPreloadedModules } from './app/boot';
import { MOUNT_ERROR_LOG } from './app/lifecycle';
import { reloadApp } from './app/reload';
import { nextTask } from './lib/next-task';

/**
 * The console starts in slices. index.html preloads every module the page needs (the console's own from the build,
 * build/preload-links.ts; the page's from the server), dependencies first. They run here in that order, a few per
 * task (app/boot.ts), the browser painting and answering input between tasks. index.html blocks on no stylesheet and
 * paints its splash at once; the styles are applied one sheet per task, and the console renders once they have all
 * loaded.
 */
async function boot() {
  const styles = applyPreloadedStyles();
  await runPreloadedModules();
  const { start } = await import('./app/start');
  await styles;
  await nextTask();
  await start();
}

boot().catch((error: unknown) => {
  // A module failed to load (a new deploy removed its chunk, the network dropped): reload once, else say so plainly
  // (React itself may be what failed to load). start() shows its own errors in the console's error page.
  console.error(MOUNT_ERROR_LOG, error);
  if (reloadApp()) return;
  const status = document.querySelector('#app [role="status"]');
  if (status) status.textContent = '页面加载失败，请检查网络后刷新重试';
});
