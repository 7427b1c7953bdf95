import { nextTask } from '../lib/next-task';

/** How long the preloaded modules may run before the browser gets the main thread back (ms). */
export const MODULE_SLICE_MS = 8;

export interface SliceOptions {
  importModule?: (href: string) => Promise<unknown>;
  now?: () => number;
  yieldToBrowser?: () => Promise<void>;
}

/**
 * Imports each module the page preloads (`<link rel="modulepreload">`), in document order (dependencies first),
 * yielding to the browser whenever a slice has run longer than MODULE_SLICE_MS. One import of the app would run React,
 * antd, the router and the page in a single task (the mobile model's CPU is 4× slower: a long task on a phone).
 */
export async function runPreloadedModules({
  importModule = (href) => import(/* @vite-ignore */ href),
  now = () => performance.now(),
  yieldToBrowser = nextTask,
}: SliceOptions = {}): Promise<void> {
  let sliceStart = now();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
    await importModule(link.href);
    if (now() - sliceStart > MODULE_SLICE_MS) {
      await yieldToBrowser();
      sliceStart = now();
    }
  }
}

/**
 * Turns each style preload of the page into a stylesheet, one per task, in document order (the cascade's order).
 * Resolves when every sheet has loaded or failed. Vite's loader then finds them in place and adds none again.
 */
export async function applyPreloadedStyles(yieldToBrowser: () => Promise<void> = nextTask): Promise<void> {
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
    await yieldToBrowser();
  }
  await Promise.all(loads);
}
