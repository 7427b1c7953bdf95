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
 *
 * Most of those rules cannot match the element at all: antd's selectors end in a compound naming classes
 * (`:where(.css-…).ant-btn-primary`), and an element without one of those classes is not matched by that selector.
 * The matcher first checks that (`requiredClasses`), then asks nwsapi as before; a selector it cannot read that
 * plainly (an escape, a quote, a part whose last compound names no class) always goes to nwsapi. A necessary
 * condition, checked case-insensitively, so what matches is unchanged (checked against nwsapi on every refusal over
 * 25 page test files while writing this: no difference). It takes about another third off the tests' CPU time.
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
    | {
        matchResolvers: { get(k: string): unknown; set(k: string, v: unknown): unknown; has(k: string): boolean };
        match(selector: string, element: Element, ...rest: unknown[]): boolean;
      }
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

  const match = matcher.match.bind(matcher);
  // the element last asked about (the same one for every rule in turn), read again when its tag or classes change
  let lastElement: Element | null = null;
  let lastTag = '';
  let lastAttribute: string | null = null;
  let lastClasses = new Set<string>();
  matcher.match = (selector: string, element: Element, ...rest: unknown[]) => {
    // nwsapi reads what is not a string as its text (jsdom asks with the `undefined` selector of an @keyframes rule)
    const required = element ? requiredParts(String(selector)) : null;
    if (required) {
      const attribute = element.getAttribute('class') ?? '';
      if (attribute !== lastAttribute) {
        lastAttribute = attribute;
        lastClasses = new Set(attribute.toLowerCase().split(/\s+/));
      }
      if (element !== lastElement) {
        lastElement = element;
        lastTag = element.localName.toLowerCase();
      }
      const possible = required.some(
        ({ tag, classes }) => (tag === null || tag === lastTag) && classes.every((c) => lastClasses.has(c)),
      );
      if (!possible) return false;
    }
    return match(selector, element, ...rest);
  };
}

/** What an element matched by a selector has: the tag and the classes of the selector's last compound (lower case). */
interface LastCompound {
  tag: string | null;
  classes: string[];
}

const requiredCache = new Map<string, LastCompound[] | null>();

/**
 * For each selector of a list, the tag and classes its last compound names outside any parentheses or brackets: an
 * element matched by that selector has them all. Null when that cannot be read plainly (an escape, a quote outside
 * brackets or parentheses, a namespace, a selector whose last compound names neither): such a list is always handed
 * to nwsapi.
 */
function requiredParts(selectorList: string): LastCompound[] | null {
  const cached = requiredCache.get(selectorList);
  if (cached !== undefined) return cached;
  const result = readRequiredParts(selectorList);
  requiredCache.set(selectorList, result);
  return result;
}

function readRequiredParts(list: string): LastCompound[] | null {
  if (/[\\|@]/.test(list)) return null;
  // the top-level text of each selector, a parenthesised or bracketed part (quotes within included) replaced by one @
  // (neither a combinator, nor a class, nor a tag: `.a [x]` ends in the compound `@`, `:where(.b).c` in `:where@.c`)
  const selectors: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  for (const ch of list) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") {
      if (depth === 0) return null;
      quote = ch;
    } else if (ch === '(' || ch === '[') {
      if (depth === 0) current += '@';
      depth++;
    } else if (ch === ')' || ch === ']') {
      depth--;
      if (depth < 0) return null;
    } else if (depth === 0 && ch === ',') {
      selectors.push(current);
      current = '';
    } else if (depth === 0) current += ch;
  }
  if (depth !== 0 || quote) return null;
  selectors.push(current);
  const result: LastCompound[] = [];
  for (const selector of selectors) {
    // the last compound: what follows the last combinator (whitespace, >, +, ~)
    const compound =
      selector
        .trim()
        .split(/[\s>+~]+/)
        .at(-1) ?? '';
    const tag = /^[a-zA-Z][-\w\u0080-\uffff]*/.exec(compound)?.[0].toLowerCase() ?? null;
    const classes = [...compound.matchAll(/\.([-\w\u0080-\uffff]+)/g)].map((m) => m[1].toLowerCase());
    if (tag === null && classes.length === 0) return null;
    result.push({ tag, classes });
  }
  return result;
}

keepCompiledSelectors();

export {};
