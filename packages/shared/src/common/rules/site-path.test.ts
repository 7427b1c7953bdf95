import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSitePath } from './site-path';

describe('isSitePath', () => {
  it.each([
    '/',
    '/pharmacy/order',
    '/pharmacy/order?page=2&state=all#row-3',
    '/a/../b',
    '/a%2Fb',
    '/medicine/detail?id=12&redirect=%2F%2Fevil.example',
    '/search?q=%E5%B8%83%E6%B4%9B%E8%8A%AC',
  ])('keeps %j', (path) => {
    expect(isSitePath(path)).toBe(true);
  });

  it.each([
    // the three reported attacks
    '//evil.example',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    // percent-encoded spellings
    '/%2f%2fevil.example',
    '/%2F/evil.example',
    '//%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%25252F%25252Fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/%2e%2e//evil.example',
    '/%2e%2e/%2Fevil.example',
    '/%09/evil.example',
    '/%0A/evil.example',
    '/%',
    // backslash spellings
    '\\\\evil.example',
    '\\/evil.example',
    '/\\/evil.example',
    '/a\\b',
    // other ways off the site
    '///evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/..//evil.example',
    '/.//evil.example',
    'https://evil.example',
    'http:/evil.example',
    'javascript:alert(1)',
    ' /pharmacy',
    'pharmacy/order',
    '',
    '/a\u0000b',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (path) => {
    expect(isSitePath(path)).toBe(false);
  });

  it('refuses anything that is not a string', () => {
    for (const value of [null, undefined, 1, ['/message'], { path: '/message' }]) expect(isSitePath(value)).toBe(false);
  });

  it('keeps nothing that leaves the origin, raw or once decoded any number of times', () => {
    const origin = 'https://console.example.com';
    const hostile = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'/\\.:%2eEfF5cC@?#\t evil') }).map((s) => `/${s}`),
      fc.string({ unit: fc.constantFrom('/', '%2F', '%5C', '%25', '\\', '.', 'evil') }).map((s) => `/${s}`),
    );
    fc.assert(
      fc.property(hostile, (target) => {
        if (!isSitePath(target)) return;
        let spelling = target.split(/[?#]/, 1)[0];
        for (;;) {
          const url = new URL(spelling, origin);
          expect(url.origin).toBe(origin);
          expect(url.pathname.startsWith('//')).toBe(false);
          expect(spelling).not.toMatch(/\\/);
          const next = decodeURIComponent(spelling);
          if (next === spelling) break;
          spelling = next;
        }
      }),
      { numRuns: 3000 },
    );
  });
});
