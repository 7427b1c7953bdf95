import { INITIAL_DATA_ELEMENT_ID } from '@pharmacy/shared';

/**
 * Answers the server sent inside the page's HTML (`<script type="application/json" id="initial-data">`, see
 * apps/server/src/plugins/static.ts): public data a first visit asks for at once. A GET for one of those URLs is
 * answered from here, once; every later call goes to the API.
 */

let answers: Map<string, unknown> | null = null;

/** A URL's identity regardless of parameter order: path, then the parameters sorted. */
export function requestKey(path: string, query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  params.sort();
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function keyOfUrl(url: string): string {
  const parsed = new URL(url, 'http://x');
  return requestKey(
    parsed.pathname,
    Object.fromEntries([...parsed.searchParams.keys()].map((k) => [k, parsed.searchParams.getAll(k)])),
  );
}

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element) return answers;
  try {
    const sent = JSON.parse(element.textContent ?? '{}') as Record<string, unknown>;
    for (const [url, body] of Object.entries(sent)) answers.set(keyOfUrl(url), body);
  } catch {
    // Unreadable: the console asks the API instead.
  }
  element.remove();
  return answers;
}

/** The body the server sent for this GET, taken out so that it is used once; undefined when there is none. */
export function takeInitialAnswer(path: string, query: Record<string, unknown> | undefined): unknown {
  const all = load();
  if (all.size === 0) return undefined;
  const key = requestKey(path, query);
  const body = all.get(key);
  all.delete(key);
  return body;
}
