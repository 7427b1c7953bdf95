import { describe, expect, it } from 'vitest';
import { RELOAD_STORAGE_KEY, type ReloadEnv, reloadApp } from './reload';

function fakeEnv(path = '/pharmacy/order') {
  const store = new Map<string, string>();
  let now = 1_000_000;
  const env: ReloadEnv & {
    reloads: number;
    assigned: string[];
    tick: (ms: number) => void;
    store: Map<string, string>;
  } = {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    now: () => now,
    currentPath: () => path,
    reload: () => {
      env.reloads++;
    },
    assign: (p) => {
      env.assigned.push(p);
    },
    reloads: 0,
    assigned: [],
    tick: (ms) => {
      now += ms;
    },
    store,
  };
  return env;
}

describe('reloadApp', () => {
  it('reloads once, then suppresses a reload of the same path for 10000 ms', () => {
    const env = fakeEnv();
    expect(reloadApp({}, env)).toBe(true);
    expect(env.reloads).toBe(1);
    env.tick(9_999);
    expect(reloadApp({}, env)).toBe(false);
    expect(env.reloads).toBe(1);
    env.tick(2);
    expect(reloadApp({}, env)).toBe(true);
    expect(env.reloads).toBe(2);
  });

  it('keeps the path and expiry in sessionStorage so the suppression survives the reload', () => {
    const env = fakeEnv();
    reloadApp({}, env);
    expect(JSON.parse(env.store.get(RELOAD_STORAGE_KEY) ?? '{}')).toEqual({
      path: '/pharmacy/order',
      expires: 1_000_000 + 10_000,
    });
  });

  it('does not suppress a reload of another path', () => {
    const env = fakeEnv();
    reloadApp({}, env);
    expect(reloadApp({ path: '/pharmacy/quote' }, env)).toBe(true);
    expect(env.assigned).toEqual(['/pharmacy/quote']);
  });

  it('honours force and a custom ttl', () => {
    const env = fakeEnv();
    reloadApp({ ttl: 500 }, env);
    env.tick(501);
    expect(reloadApp({}, env)).toBe(true);
    expect(reloadApp({ force: true }, env)).toBe(true);
    expect(env.reloads).toBe(3);
  });

  it('survives a corrupt storage entry', () => {
    const env = fakeEnv();
    env.store.set(RELOAD_STORAGE_KEY, '{not json');
    expect(reloadApp({}, env)).toBe(true);
  });
});
