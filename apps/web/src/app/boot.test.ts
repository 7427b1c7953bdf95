import { afterEach, describe, expect, it } from 'vitest';
import { applyPreloadedStyles, MODULE_SLICE_MS, runPreloadedModules } from './boot';

afterEach(() => {
  document.head.innerHTML = '';
});

function addLinks(attrs: Record<string, string>, hrefs: string[]) {
  for (const href of hrefs) {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attrs)) link.setAttribute(name, value);
    link.href = href;
    document.head.appendChild(link);
  }
}

describe('the boot', () => {
  it('runs the preloaded modules in document order, yielding once a slice has run past its time', async () => {
    addLinks({ rel: 'modulepreload' }, ['/a.js', '/b.js', '/c.js', '/d.js', '/e.js']);
    addLinks({ rel: 'preload', as: 'style' }, ['/x.css']);
    const steps: string[] = [];
    let clock = 0;
    await runPreloadedModules({
      // Each module takes 3 ms to run.
      importModule: async (href) => {
        clock += 3;
        steps.push(new URL(href).pathname);
      },
      now: () => clock,
      yieldToBrowser: async () => {
        steps.push('yield');
      },
    });
    expect(MODULE_SLICE_MS).toBe(8);
    // 9 ms after the third module: the browser gets the thread back before the fourth.
    expect(steps).toEqual(['/a.js', '/b.js', '/c.js', 'yield', '/d.js', '/e.js']);
  });

  it('applies the style preloads as stylesheets in document order, one per task, and waits for all of them', async () => {
    addLinks({ rel: 'preload', as: 'style' }, ['/1.css', '/2.css']);
    let yields = 0;
    let done = false;
    const applied = applyPreloadedStyles(async () => {
      yields++;
    }).then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    expect(sheets.map((s) => new URL(s.href).pathname)).toEqual(['/1.css', '/2.css']);
    expect(yields).toBe(2);
    sheets[0].dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    sheets[1].dispatchEvent(new Event('error'));
    await applied;
    expect(done).toBe(true);
  });
});
