import { API_BASE, allContracts, CHAT_WS_PATH, CMS_BASE, contractUrl } from '@pharmacy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Routes of the API's own machinery, not endpoints of a module. The chat WebSocket is the one module route here: an
 * upgrade, not a REST call (no envelope, no schema to declare); it authenticates with its first frame, `hello`
 * (modules/chat/chat-ws.ts), and a plain GET answers 404. The test below checks it is registered.
 */
const INFRASTRUCTURE = new Set(['GET /api/v1/openapi.json', `GET ${API_BASE}${CHAT_WS_PATH}`]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('every endpoint is declared once, in a contract', () => {
  it('has no API route without a contract, and each route sits at its contract’s method and path', () => {
    const apiRoutes = t.app.routeList.filter(
      (r) =>
        (r.url.startsWith(`${API_BASE}/`) || r.url.startsWith(`${CMS_BASE}/`)) &&
        !INFRASTRUCTURE.has(key(r.method, r.url)),
    );
    expect(apiRoutes.length).toBeGreaterThan(0);
    const withoutContract = apiRoutes.filter((r) => !r.contract).map((r) => key(r.method, r.url));
    expect(withoutContract).toEqual([]);
    const misplaced = apiRoutes
      .filter((r) => r.contract && key(r.contract.method, contractUrl(r.contract)) !== key(r.method, r.url))
      .map((r) => key(r.method, r.url));
    expect(misplaced).toEqual([]);
  });

  it('has each infrastructure route registered, without a contract', () => {
    const registered = new Set(t.app.routeList.filter((r) => !r.contract).map((r) => key(r.method, r.url)));
    expect([...INFRASTRUCTURE].filter((route) => !registered.has(route))).toEqual([]);
  });

  it('has no contract without a route, nor one registered twice', () => {
    const registered = t.app.routeList.map((r) => r.contract).filter(Boolean);
    const counts = allContracts().map((c) => ({
      contract: key(c.method, contractUrl(c)),
      routes: registered.filter((r) => r === c).length,
    }));
    expect(counts.filter((c) => c.routes !== 1)).toEqual([]);
  });
});
