// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootPreload,
  NAVIGATION_PRELOADS_FILE,
  preloadsBeyondLoaded,
  ROUTE_PRELOADS_FILE,
  routePreloads,
} from '../../build/preload-links';

/**
 * A console in miniature: an entry that imports the start chunk lazily, a route table with a layout, pages sharing a
 * library with the layout and one with each other, a page lazily importing a dialog.
 */
const files: Record<string, string> = {
  'index.html': '<!doctype html><html><body><script type="module" src="/src/main.ts"></script></body></html>',
  'src/main.ts': "import { boot } from './boot-lib';\nvoid import('./app/start').then((m) => m.start(boot));",
  'src/boot-lib.ts': "export const boot = ['boot', Math.random()];",
  'src/app/start.ts':
    "import { routeTable } from './routes';\nimport { layouts } from './router';\nexport const start = (b: unknown) => console.log(b, routeTable, layouts);",
  'src/app/router.tsx':
    "import { boot } from '../boot-lib';\nconst layoutModules = { staff: () => import('./layouts/staff-layout') };\nexport const layouts = [boot, layoutModules];",
  'src/app/routes.tsx': `export const routeTable = [
  { path: '/a', layout: 'staff', page: () => import('../pages/a') },
  { path: '/b', layout: 'staff', page: () => import('../pages/b') },
  { path: '/c', layout: 'staff', page: () => import('../pages/c') },
  { path: '/c-bare', layout: 'none', page: () => import('../pages/c') },
];`,
  'src/app/layouts/staff-layout.ts':
    "import { boot } from '../../boot-lib';\nimport { layoutLib } from '../../lib/layout-lib';\nexport default () => [boot, layoutLib];",
  'src/lib/layout-lib.ts': "export const layoutLib = ['layout', Math.random()];",
  'src/lib/page-lib.ts': "export const pageLib = ['page', Math.random()];",
  'src/lib/dialog.ts':
    "import { boot } from '../boot-lib';\nimport { pageLib } from './page-lib';\nimport { dialogLib } from './dialog-lib';\nexport default () => [boot, pageLib, dialogLib];",
  'src/lib/dialog-lib.ts': "export const dialogLib = ['dialog', Math.random()];",
  'src/lib/other-dialog.ts': "import { dialogLib } from './dialog-lib';\nexport default () => dialogLib;",
  'src/pages/a.ts':
    "import { boot } from '../boot-lib';\nimport { layoutLib } from '../lib/layout-lib';\nimport { pageLib } from '../lib/page-lib';\nexport default () => [boot, layoutLib, pageLib, import('../lib/dialog')];",
  'src/pages/b.ts':
    "import { layoutLib } from '../lib/layout-lib';\nimport { pageLib } from '../lib/page-lib';\nexport default () => [layoutLib, pageLib, import('../lib/other-dialog')];",
  'src/pages/c.ts': "import { layoutLib } from '../lib/layout-lib';\nexport default () => [layoutLib];",
};

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'preloads-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each lazy import's preload list in the built chunks: "host → imported" → the files it names, by chunk name. */
async function preloadLists(plugins: Plugin[]): Promise<Record<string, string[]>> {
  const out = (await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false },
      rolldownOptions: { output: { entryFileNames: 'assets/[name].js', chunkFileNames: 'assets/[name].js' } },
    },
  })) as Rollup.RollupOutput;
  const lists: Record<string, string[]> = {};
  for (const chunk of out.output) {
    if (chunk.type !== 'chunk') continue;
    const table = chunk.code.match(/m\.f = (\[[^\]]*\])|m\.f=(\[[^\]]*\])/);
    const names: string[] = table ? JSON.parse(table[1] ?? table[2] ?? '[]') : [];
    // `import("./x.js")` … its list (`__vite__mapDeps([0, 1])`, or `[]` when nothing is left to preload).
    for (const m of chunk.code.matchAll(
      /import\(["`]\.\/([\w-]+)\.js["`]\)[^;]*?(?:__vite__mapDeps\(\[([\d,\s]*)\]\)|\[\])/g,
    )) {
      const indices = m[2]?.split(',').map((i) => Number(i.trim())) ?? [];
      lists[`${chunk.name} → ${m[1]}`] = indices.map((i) => path.basename(names[i] ?? '?', '.js'));
    }
  }
  return lists;
}

describe('lazy imports preload only what may still be missing', () => {
  it("leaves out index.html's chunks, the importing chunk's imports and, for a routed page, its layout's", async () => {
    const src = path.join(dir, 'src');
    const trimmed = await preloadLists([bootPreload(), preloadsBeyondLoaded(src)]);
    const full = await preloadLists([bootPreload()]);

    // Vite's own lists name the layout's library and the boot chunk on each page again.
    expect(full['start → a']).toEqual(expect.arrayContaining(['a', 'layout-lib', 'page-lib', 'index']));
    expect(full['a → dialog']).toEqual(expect.arrayContaining(['dialog', 'page-lib', 'dialog-lib']));

    // A routed page's modules are preloaded from route-preloads.json on navigation (src/lib/route-preloads.ts): its
    // list in the start chunk keeps only stylesheets (none here).
    expect(trimmed['start → a']).toEqual([]);
    expect(trimmed['start → b']).toEqual([]);
    expect(trimmed['start → c']).toEqual([]);
    // The layout's own list keeps its library; the boot's chunks (the entry, `index`, here) are gone from every list.
    expect(trimmed['start → staff-layout']).toEqual(['staff-layout', 'layout-lib']);
    // Page a imports page-lib statically: it ran before a's lazy dialog can be asked for.
    expect(trimmed['a → dialog']).toEqual(['dialog', 'dialog-lib']);
    expect(trimmed['b → other-dialog']).toEqual(full['b → other-dialog']);
    for (const list of Object.values(trimmed)) expect(list).not.toContain('index');
  }, 60_000);
});

describe('route-preloads.json', () => {
  it("lists each path's page and layout chunks beyond index.html's, for the server and for navigations", async () => {
    const src = path.join(dir, 'src');
    const out = (await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [bootPreload(), preloadsBeyondLoaded(src), routePreloads(src)],
      build: {
        write: false,
        minify: false,
        modulePreload: { polyfill: false },
        rolldownOptions: { output: { entryFileNames: 'assets/[name].js', chunkFileNames: 'assets/[name].js' } },
      },
    })) as Rollup.RollupOutput;
    const asset = (name: string) => {
      const file = out.output.find((o) => o.type === 'asset' && o.fileName === name);
      if (file?.type !== 'asset') throw new Error(`${name} not emitted`);
      return JSON.parse(String(file.source));
    };
    const names = (files: string[]) => files.map((f) => path.basename(f, '.js')).sort();
    const navigation = asset(NAVIGATION_PRELOADS_FILE) as Record<string, string[]>;
    expect(names(navigation['/a'])).toEqual(['a', 'layout-lib', 'page-lib', 'staff-layout']);
    expect(names(navigation['/c-bare'])).toEqual(['c', 'layout-lib']);
    for (const files of Object.values(navigation)) expect(names(files)).not.toContain('index');
    // the server's copy (index.html's links) names the same modules
    const server = asset(ROUTE_PRELOADS_FILE) as Record<string, { js: string[] }>;
    for (const [route, files] of Object.entries(navigation)) expect(server[route]?.js).toEqual(files);
  }, 60_000);
});
