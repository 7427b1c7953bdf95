/**
 * The web project's setup file (vitest.config.ts), run in every test file before it.
 *
 * jsdom's getComputedStyle matches every rule of every style sheet against the element (and testing-library asks it
 * for each element and its ancestors, to skip hidden ones in *ByRole and in accessible names). It matches through
 * nwsapi, which keeps its compiled selectors in an LRU of 1000 entries; antd's runtime styles hold several thousand
 * selectors, walked in the same order each time, so every lookup misses and every selector is parsed and compiled
 * again, for every element: ~80 % of a page test's time. Here the document's matcher keeps every compiled selector
 * instead (a few thousand small functions per file). What matches is unchanged: the cache holds the same compiled
 * function for a selector as before, only no longer forgets it.
 */
function keepCompiledSelectors() {
  if (typeof document === 'undefined') return; // @vitest-environment node
  const implSymbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  const impl = implSymbol ? (document as unknown as Record<symbol, Record<string, unknown>>)[implSymbol] : undefined;
  if (!impl) throw new Error('test setup: jsdom document without its implementation object');
  // jsdom makes the matcher of getComputedStyle on first use: one rule and one call bring it about.
  const style = document.createElement('style');
  style.textContent = 'x-setup-warmup { color: red }';
  document.head.append(style);
  window.getComputedStyle(document.documentElement);
  style.remove();
  const matcher = impl._nwsapiDontThrow as
    | { matchResolvers: { get(k: string): unknown; set(k: string, v: unknown): unknown; has(k: string): boolean } }
    | undefined;
  if (!matcher?.matchResolvers) throw new Error('test setup: jsdom no longer matches style rules through nwsapi');
  const kept = new Map<string, unknown>();
  Object.assign(matcher.matchResolvers, {
    get: (key: string) => kept.get(key),
    has: (key: string) => kept.has(key),
    set: (key: string, value: unknown) => {
      kept.set(key, value);
      return value;
    },
    clear: () => kept.clear(),
    size: () => kept.size,
  });
}

keepCompiledSelectors();
