import { MOUNT_ERROR_LOG } from './app/lifecycle';
import { reloadApp } from './app/reload';
import { nextTask } from './lib/next-task';

/** How long the preloaded modules may run before the browser gets the main thread back (ms). */
const MODULE_SLICE_MS = 8;

/**
 * The console starts in slices. index.html preloads every module the page needs (the console's own from the build,
 * build/preload-links.ts; the page's from the server), dependencies first. They run here in that order, a few per
 * task, the browser painting and answering input between tasks; one import of the app would run React, antd, the
 * router and the page in a single task of several hundred milliseconds on a slow phone. index.html blocks on no
 * stylesheet and paints its splash at once; the styles are applied one sheet per task, and the console renders once
 * they have all loaded.
 */
async function boot() {
  const styles = applyPreloadedStyles();
  await runPreloadedModules();
  const { start } = await import('./app/start');
  await styles;
  await nextTask();
  await start();
}

/** Imports each module the page preloads, in document order, yielding whenever a slice has run long enough. */
async function runPreloadedModules(): Promise<void> {
  let sliceStart = performance.now();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
    await import(/* @vite-ignore */ link.href);
    if (performance.now() - sliceStart > MODULE_SLICE_MS) {
      await nextTask();
      sliceStart = performance.now();
    }
  }
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
  // A module failed to load (a new deploy removed its chunk, the network dropped): reload once, else say so plainly
  // (React itself may be what failed to load). start() shows its own errors in the console's error page.
  console.error(MOUNT_ERROR_LOG, error);
  if (reloadApp()) return;
  const status = document.querySelector('#app [role="status"]');
  if (status) status.textContent = '页面加载失败，请检查网络后刷新重试';
});
