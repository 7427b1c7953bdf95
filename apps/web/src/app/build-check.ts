import { BUILD_CHECK_INTERVAL_MS } from '@pharmacy/shared';

/** The id of the running build, injected by vite.config.ts ('dev' under the dev server and in tests). */
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

export const BUILD_META_BASE = '/_build';

export interface BuildMeta {
  id: string;
  timestamp: number;
}

/** GETs a build-metadata document from the static area (`latest`, or a build id); null when unavailable. */
export async function fetchBuildMeta(key = 'latest', fetchFn: typeof fetch = fetch): Promise<BuildMeta | null> {
  try {
    const res = await fetchFn(`${BUILD_META_BASE}/${encodeURIComponent(key)}.json`, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) return null;
    const body = (await res.json()) as Partial<BuildMeta>;
    return typeof body?.id === 'string' ? { id: body.id, timestamp: Number(body.timestamp) || 0 } : null;
  } catch {
    return null;
  }
}

export interface BuildCheckOptions {
  currentId?: string;
  intervalMs?: number;
  fetchLatest?: () => Promise<BuildMeta | null>;
  /** Called once per newer build id seen. */
  onNewBuild: (meta: BuildMeta) => void;
}

/**
 * Checks the deployed build at start and every hour (the spec's 36e5 ms); a different id means a new deploy.
 * Does nothing for the dev build. Returns a stop function.
 */
export function startBuildCheck(options: BuildCheckOptions): () => void {
  const currentId = options.currentId ?? BUILD_ID;
  if (currentId === 'dev') return () => undefined;
  const fetchLatest = options.fetchLatest ?? (() => fetchBuildMeta('latest'));
  const announced = new Set<string>();
  let stopped = false;

  const check = async () => {
    const latest = await fetchLatest();
    if (stopped || !latest || latest.id === currentId || announced.has(latest.id)) return;
    announced.add(latest.id);
    options.onNewBuild(latest);
  };

  void check();
  const timer = setInterval(() => void check(), options.intervalMs ?? BUILD_CHECK_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
