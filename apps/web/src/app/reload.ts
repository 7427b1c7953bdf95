import { SAME_PATH_RELOAD_SUPPRESS_MS } from '@pharmacy/shared';

export const RELOAD_STORAGE_KEY = 'pharmacy:reload';

export interface ReloadOptions {
  /** Path to load; defaults to the current path and search. */
  path?: string;
  /** How long a reload of the same path is suppressed after one happened. */
  ttl?: number;
  /** Reload even within the suppression window. */
  force?: boolean;
}

export interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  currentPath: () => string;
  /** Reloads the current document. */
  reload: () => void;
  /** Loads another path with a full page load. */
  assign: (path: string) => void;
}

const browserEnv = (): ReloadEnv => ({
  storage: window.sessionStorage,
  now: Date.now,
  currentPath: () => window.location.pathname + window.location.search,
  reload: () => window.location.reload(),
  assign: (path) => window.location.assign(path),
});

/**
 * A full reload, at most once per path within `ttl` ms (spec §9, 10000 ms by default); the last reload's path and
 * expiry live in sessionStorage so they survive the reload itself. Returns whether a reload was started.
 */
export function reloadApp(options: ReloadOptions = {}, env: ReloadEnv = browserEnv()): boolean {
  const path = options.path ?? env.currentPath();
  const ttl = options.ttl ?? SAME_PATH_RELOAD_SUPPRESS_MS;
  let previous: { path?: string; expires?: number } = {};
  try {
    previous = JSON.parse(env.storage.getItem(RELOAD_STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    previous = {};
  }
  const suppressed = previous.path === path && typeof previous.expires === 'number' && previous.expires > env.now();
  if (suppressed && !options.force) return false;
  try {
    env.storage.setItem(RELOAD_STORAGE_KEY, JSON.stringify({ path, expires: env.now() + ttl }));
  } catch {
    // Storage full or disabled: reload anyway, the suppression is best effort.
  }
  if (path === env.currentPath()) env.reload();
  else env.assign(path);
  return true;
}
