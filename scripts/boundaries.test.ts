import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of style.md, checked on every relative import (import cycles are Biome's noImportCycles):
 * - web: a feature imports only itself, `lib`, `components` and shared; `components` only `components` and `lib`;
 *   `lib` only `lib`. Only `app` composes features.
 * - server: a module imports only itself, `lib`, `db` and `plugins`; modules share through plugins and lib.
 */
const root = path.resolve(import.meta.dirname, '..');
const webSrc = path.join(root, 'apps/web/src');
const serverSrc = path.join(root, 'apps/server/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

const importPattern = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of a file, resolved to paths inside the repository. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(importPattern)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) out.push(path.resolve(path.dirname(file), spec));
  }
  return out;
}

/** `features/orders/api/x.ts` → ['features', 'orders']; `lib/http.ts` → ['lib']. */
const areaOf = (base: string, file: string) => path.relative(base, file).split(path.sep);

interface Violation {
  file: string;
  imports: string;
}

function check(base: string, allowed: (from: string[], to: string[]) => boolean): Violation[] {
  const out: Violation[] = [];
  for (const file of sourceFiles(base)) {
    const from = areaOf(base, file);
    for (const target of relativeImports(file)) {
      const to = areaOf(base, target);
      if (to[0] === '..') continue; // outside this app (its build config, tests' helpers): not a layer
      if (!allowed(from, to)) out.push({ file: path.relative(root, file), imports: path.relative(root, target) });
    }
  }
  return out;
}

function webAllowed(from: string[], to: string[]): boolean {
  const [layer, feature] = from;
  if (/\.test\.tsx?$/.test(from.at(-1) ?? '')) return true; // a test may reach into the app it tests
  if (layer === 'features') {
    if (to[0] === 'features') return to[1] === feature;
    return to[0] === 'lib' || to[0] === 'components';
  }
  if (layer === 'components') return to[0] === 'components' || to[0] === 'lib';
  if (layer === 'lib') return to[0] === 'lib';
  return true; // app, main and the boot compose everything
}

function serverAllowed(from: string[], to: string[]): boolean {
  const [layer, module] = from;
  // the registry (modules/index.ts) and its test list the modules; a module's own files are held to the rule
  if (layer !== 'modules' || from.length === 2) return true;
  if (to[0] === 'modules') return to[1] === module;
  return ['lib', 'db', 'plugins', 'test', 'config.ts'].includes(to[0]);
}

describe('import boundaries', () => {
  it('the rules themselves refuse what they should', () => {
    expect(webAllowed(['features', 'orders', 'api', 'x.ts'], ['features', 'catalogue', 'api', 'y'])).toBe(false);
    expect(webAllowed(['features', 'orders', 'x.ts'], ['features', 'orders', 'api', 'y'])).toBe(true);
    expect(webAllowed(['features', 'orders', 'x.ts'], ['app', 'routes'])).toBe(false);
    expect(webAllowed(['components', 'x.tsx'], ['features', 'orders', 'y'])).toBe(false);
    expect(webAllowed(['lib', 'http.ts'], ['components', 'y'])).toBe(false);
    expect(serverAllowed(['modules', 'orders', 'x.ts'], ['modules', 'messages', 'y'])).toBe(false);
    expect(serverAllowed(['modules', 'orders', 'x.ts'], ['plugins', 'auth'])).toBe(true);
    expect(serverAllowed(['modules', 'index.ts'], ['modules', 'orders', 'index'])).toBe(true);
  });

  it('web features import only themselves, lib, components and shared', () => {
    expect(check(webSrc, webAllowed)).toEqual([]);
  });

  it('server modules import only themselves, lib, db and plugins', () => {
    expect(check(serverSrc, serverAllowed)).toEqual([]);
  });
});
