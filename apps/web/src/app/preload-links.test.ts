// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readLayoutModules, readRouteTable } from '../../build/preload-links';
import { layoutOf } from './route-meta';
import { routeTable } from './routes';

const source = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');

describe('route preloads read the route table from source', () => {
  it('finds every route with its layout and page module', () => {
    const parsed = readRouteTable(source('./routes.tsx'));
    expect(parsed.map((r) => r.path)).toEqual(routeTable.map((r) => r.path));
    for (const [i, route] of routeTable.entries()) {
      expect(parsed[i]?.layout).toBe(layoutOf(route));
      expect(Boolean(parsed[i]?.page)).toBe(Boolean(route.page));
    }
    expect(parsed.find((r) => r.path === '/login')?.page).toBe('../features/auth/routes/login-page');
  });

  it('finds the module of every layout', () => {
    const layouts = readLayoutModules(source('./router.tsx'));
    expect(Object.keys(layouts).sort()).toEqual(['chatroom', 'default', 'patient', 'staff']);
    expect(layouts.patient).toBe('./layouts/patient-layout');
    expect(layouts.staff).toBe('./layouts/staff-layout');
    for (const route of routeTable) {
      const layout = layoutOf(route);
      if (layout !== 'none') expect(layouts[layout]).toBeDefined();
    }
  });

  it('refuses a route table it cannot read, rather than preloading nothing silently', () => {
    expect(() => readRouteTable('export const routeTable = makeRoutes();')).toThrow(/routeTable/);
    expect(() => readLayoutModules('const other = {};')).toThrow(/layoutModules/);
  });
});
