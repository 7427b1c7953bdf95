import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNavigationTarget, DANGEROUS_PROTOCOLS } from './navigation';

const origin = 'https://console.example.com';

describe('checkNavigationTarget', () => {
  it('accepts relative paths as internal, resolved from the site root', () => {
    expect(checkNavigationTarget('/pharmacy/order?page=2#top')).toEqual({
      ok: true,
      kind: 'internal',
      href: '/pharmacy/order?page=2#top',
    });
    expect(checkNavigationTarget('pharmacy/order', { origin })).toMatchObject({ ok: true, href: '/pharmacy/order' });
    expect(checkNavigationTarget('?tab=2')).toMatchObject({ ok: true, kind: 'internal', href: '/?tab=2' });
    expect(checkNavigationTarget('/a/../b')).toMatchObject({ ok: true, href: '/b' });
  });

  it('accepts an absolute URL on the same origin as internal', () => {
    expect(checkNavigationTarget(`${origin}/message?id=1`, { origin })).toEqual({
      ok: true,
      kind: 'internal',
      href: '/message?id=1',
    });
  });

  it('refuses external URLs unless asked, then allows http(s) only', () => {
    for (const url of [
      'https://evil.com',
      'http://evil.com/x',
      '//evil.com',
      '/\\evil.com',
      '\\\\evil.com',
      'https:evil.com',
    ]) {
      expect(checkNavigationTarget(url, { origin: 'http://console.example.com' }), url).toEqual({
        ok: false,
        reason: 'external-not-allowed',
      });
    }
    expect(checkNavigationTarget(`${origin}@evil.com/`, { origin })).toMatchObject({ ok: false });
    expect(checkNavigationTarget('https://www.nmpa.gov.cn/', { allowExternal: true, origin })).toEqual({
      ok: true,
      kind: 'external',
      href: 'https://www.nmpa.gov.cn/',
    });
    expect(checkNavigationTarget('ftp://files.example.com', { allowExternal: true })).toEqual({
      ok: false,
      reason: 'unsupported-protocol',
    });
    expect(checkNavigationTarget('mailto:a@b.c', { allowExternal: true })).toMatchObject({ ok: false });
  });

  it('does not count an absolute URL as internal when the origin is unknown', () => {
    expect(checkNavigationTarget('https://console.example.com/x')).toEqual({
      ok: false,
      reason: 'external-not-allowed',
    });
    expect(checkNavigationTarget('https:evil.com', { allowExternal: true })).toMatchObject({
      href: 'https://evil.com/',
    });
  });

  it('keeps an internal path from reading as protocol-relative', () => {
    expect(checkNavigationTarget('/.//evil.com', { origin })).toEqual({
      ok: true,
      kind: 'internal',
      href: '/evil.com',
    });
    expect(checkNavigationTarget('/%2F%2Fevil.com', { origin })).toMatchObject({ ok: true, href: '/%2F%2Fevil.com' });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    ' jav\tascript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u0000 javascript:alert(1)',
    'javascript\t:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'VbScRiPt:msgbox(1)',
    'file:///etc/passwd',
    'FILE://c:/windows',
  ])('refuses the dangerous protocol in %j even with allowExternal', (url) => {
    expect(checkNavigationTarget(url, { allowExternal: true, origin })).toEqual({
      ok: false,
      reason: 'dangerous-protocol',
    });
  });

  it('refuses empty input, control characters inside and non-strings', () => {
    expect(checkNavigationTarget('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkNavigationTarget(' \t\n')).toEqual({ ok: false, reason: 'empty' });
    expect(checkNavigationTarget('/a\u0000b')).toEqual({ ok: false, reason: 'control-characters' });
    expect(checkNavigationTarget(null)).toEqual({ ok: false, reason: 'empty' });
    expect(checkNavigationTarget({ href: '/x' })).toEqual({ ok: false, reason: 'empty' });
  });

  /** A dangerous scheme in random case with tabs, newlines and leading controls or spaces sprinkled in. */
  const disguised = fc
    .record({
      scheme: fc.constantFrom(...DANGEROUS_PROTOCOLS),
      upper: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
      junk: fc.array(fc.tuple(fc.nat(12), fc.constantFrom('\t', '\n', '\r')), { maxLength: 6 }),
      lead: fc.array(fc.constantFrom(' ', '\u0000', '\u0001', '\u001f', '\t'), { maxLength: 4 }),
      payload: fc.string(),
    })
    .map(({ scheme, upper, junk, lead, payload }) => {
      let s = [...`${scheme}:`].map((c, i) => (upper[i % 10] ? c.toUpperCase() : c)).join('');
      for (const [at, ch] of junk) s = s.slice(0, at % (s.length + 1)) + ch + s.slice(at % (s.length + 1));
      return `${lead.join('')}${s}${payload}`;
    });

  it('refuses every disguise of a dangerous protocol', () => {
    fc.assert(
      fc.property(disguised, fc.boolean(), (url, allowExternal) => {
        expect(checkNavigationTarget(url, { allowExternal, origin })).toEqual({
          ok: false,
          reason: 'dangerous-protocol',
        });
      }),
      { numRuns: 500 },
    );
  });

  const hostile = fc.oneof(
    fc.string(),
    fc.string({ unit: fc.constantFrom(...'/\\:.@%?#&=jJavsScript \t\n\u0000evil.com') }),
    fc.webUrl({ withFragments: true, withQueryParameters: true }),
    disguised,
  );

  it('only ever answers a root-relative path on the site or, with opt-in, an http(s) URL', () => {
    fc.assert(
      fc.property(hostile, fc.boolean(), fc.boolean(), (url, allowExternal, withOrigin) => {
        const result = checkNavigationTarget(url, { allowExternal, origin: withOrigin ? origin : undefined });
        if (!result.ok) return;
        const target = new URL(result.href, origin);
        expect(['http:', 'https:']).toContain(target.protocol);
        if (result.kind === 'internal') {
          expect(result.href).toMatch(/^\/(?![/\\])/);
          expect(target.origin).toBe(origin);
        } else {
          expect(allowExternal).toBe(true);
          if (withOrigin) expect(target.origin).not.toBe(origin);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
