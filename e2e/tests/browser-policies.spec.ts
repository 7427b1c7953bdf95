import { expect, test } from '@playwright/test';

// The server's Content-Security-Policy and Permissions-Policy as Chromium reads them (apps/server/src/plugins/security.ts).

type Violation = { blockedURI: string; effectiveDirective: string };

test("connect-src 'self' lets the console open a WebSocket to its own host and port, and nothing else", async ({
  page,
}) => {
  const messages: string[] = [];
  page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
  await page.goto('/login');
  const base = new URL(page.url());
  const otherHost = base.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  const violations = await page.evaluate(
    async ({ same, other, foreignFetch }) => {
      const seen: Violation[] = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push({ blockedURI: e.blockedURI, effectiveDirective: e.effectiveDirective }),
      );
      const open = (url: string) =>
        new Promise<void>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = ws.onerror = ws.onclose = () => resolve();
          setTimeout(resolve, 3000);
        });
      // no WebSocket route answers there: the handshake fails, but only a policy block raises a violation
      await open(same);
      await open(other);
      await fetch(foreignFetch).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
      return seen;
    },
    {
      same: `ws://${base.host}/api/v1/no-socket-here`,
      other: `ws://${otherHost}:${base.port}/api/v1/no-socket-here`,
      foreignFetch: `http://${otherHost}:${base.port}/healthz`,
    },
  );
  expect(violations.filter((v) => v.blockedURI.includes(base.host))).toEqual([]);
  expect(violations.map((v) => v.effectiveDirective)).toEqual(['connect-src', 'connect-src']);
  expect(violations.map((v) => new URL(v.blockedURI).hostname)).toEqual([otherHost, otherHost]);
  // every feature the Permissions-Policy names is one Chromium knows (an unknown one is a warning on every page)
  expect(messages.filter((m) => /Permissions-Policy/i.test(m))).toEqual([]);
});

test('Permissions-Policy: no camera, microphone or location for the console; copying stays allowed', async ({
  page,
}) => {
  await page.goto('/login');
  const allowed = await page.evaluate(() => {
    const policy = (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy;
    if (!policy) return null;
    return Object.fromEntries(
      ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'clipboard-write', 'fullscreen'].map((f) => [
        f,
        policy.allowsFeature(f),
      ]),
    );
  });
  expect(allowed).toEqual({
    camera: false,
    microphone: false,
    geolocation: false,
    payment: false,
    usb: false,
    'clipboard-write': true,
    fullscreen: true,
  });
});
