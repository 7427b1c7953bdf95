import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { INITIAL_DATA_ELEMENT_ID } from '@pharmacy/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Written by the web build (apps/web/build/preload-links.ts): each route's page and layout chunks. */
export const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

type RoutePreloads = Record<string, { js?: string[]; css?: string[] }>;

/**
 * The public answers a first visit to these pages asks for at once (the home page's blocks), exactly as the console
 * requests them. They are sent inside the page's HTML, so the page renders
 * with its content instead of starting a dozen requests once its code has run (a round trip each on a slow network).
 * The console takes each from there once (apps/web/src/lib/initial-data.ts), then asks the API as usual. Only
 * answers that are the same for every visitor may be listed. The e2e suite checks that these pages ask the API for
 * nothing more on load, so a changed request shows up there.
 */
export const INITIAL_DATA_URLS: Record<string, string[]> = {
  '/': [
    '/scms/items/home_swiper?sort=sort',
    '/scms/items/home_contact_us?sort=sort',
    '/scms/items/home_entry?sort=sort',
    '/scms/items/category?sort=sort&limit=-1',
    '/scms/items/sub_category?sort=sort&limit=-1',
    '/scms/items/entry1_category?sort=sort',
    '/scms/items/entry_1?sort=sort',
    '/scms/items/top_sales?sort=sort',
    '/scms/items/entry_2?sort=sort',
    '/api/v1/admin/medicine/hot/week?limit=6',
    '/api/v1/admin/medicine/hot?limit=8',
    '/api/v1/pharmacy/list?page=1&page_size=6',
    '/api/v1/mp/manager/doctor/list',
  ],
};

/** How long a page's embedded answers are reused (as the catalogue cache keeps public answers). */
const INITIAL_DATA_TTL_MS = 5_000;

/** JSON that is safe inside a <script> element (no `</script>`, no comment openers). */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

interface IndexPage {
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

const escapeAttr = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const normalisePath = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

function buildIndexPage(html: string, brotliQuality = 11): IndexPage {
  return {
    html,
    etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 20)}"`,
    br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
    gzip: gzipSync(html),
  };
}

/**
 * index.html for a browser path. For a path of the route table the page's own chunks are added as preload links, so
 * they download with the first wave (the client router would otherwise ask for them only once the app runs). The
 * build's files are read again when index.html changes (a new deploy), and each variant is compressed once.
 */
export function createIndexPages(root: string): (pathname: string) => IndexPage {
  const indexFile = path.join(root, 'index.html');
  let loaded: { mtimeMs: number; html: string; preloads: RoutePreloads; pages: Map<string, IndexPage> } | null = null;

  return (pathname) => {
    // While a deploy replaces the files, the last build read keeps being served.
    const mtimeMs = loaded ? (statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs ?? loaded.mtimeMs) : -1;
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      let preloads: RoutePreloads = {};
      try {
        preloads = JSON.parse(readFileSync(path.join(root, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
      } catch {
        // A build without the map (or a hand-made dist): every path gets the plain index.html.
      }
      loaded = {
        mtimeMs: statSync(indexFile).mtimeMs,
        html: readFileSync(indexFile, 'utf8'),
        preloads,
        pages: new Map(),
      };
    }
    const key = Object.hasOwn(loaded.preloads, normalisePath(pathname)) ? normalisePath(pathname) : '';
    let page = loaded.pages.get(key);
    if (!page) {
      const entry = key ? loaded.preloads[key] : undefined;
      const links = [
        ...(entry?.js ?? []).map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`),
        // fetched now, applied by the client when the page's chunk loads (the splash does not wait for them)
        ...(entry?.css ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttr(file)}">`),
      ];
      const html = links.length ? loaded.html.replace('</head>', `${links.join('\n    ')}\n  </head>`) : loaded.html;
      page = buildIndexPage(html);
      loaded.pages.set(key, page);
    }
    return page;
  };
}

/**
 * The index page of a path listed in INITIAL_DATA_URLS, with those answers inside (taken from the API itself, so they
 * are exactly what the console would receive). Reused for INITIAL_DATA_TTL_MS; an answer that fails is left out.
 */
export function createInitialDataPages(app: FastifyInstance, indexPage: (pathname: string) => IndexPage) {
  const cache = new Map<string, { expires: number; base: IndexPage; page: Promise<IndexPage> }>();
  const load = async (base: IndexPage, urls: string[]): Promise<IndexPage> => {
    const answers: Record<string, unknown> = {};
    await Promise.all(
      urls.map(async (url) => {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
        if (res.statusCode === 200 && String(res.headers['content-type']).includes('json')) answers[url] = res.json();
      }),
    );
    if (Object.keys(answers).length === 0) return base;
    const script = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`;
    // A page built per visit of these paths: a quick compression level.
    return buildIndexPage(base.html.replace('</body>', `  ${script}\n  </body>`), 5);
  };
  return (pathname: string): Promise<IndexPage> => {
    const path = normalisePath(pathname);
    const base = indexPage(path);
    const urls = Object.hasOwn(INITIAL_DATA_URLS, path) ? INITIAL_DATA_URLS[path] : undefined;
    if (!urls) return Promise.resolve(base);
    const hit = cache.get(path);
    if (hit && hit.base === base && hit.expires > Date.now()) return hit.page;
    const page = load(base, urls).catch(() => base);
    cache.set(path, { expires: Date.now() + INITIAL_DATA_TTL_MS, base, page });
    return page;
  };
}

function sendIndexPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage) {
  reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** Serves the built console; browser paths that match no file get index.html (client-side routing). */
export const staticPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      // `/` too is answered by spaFallback, with its page's preload links
      index: false,
      // the build writes .br and .gz beside each text asset: compression costs nothing per request
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // hashed build assets never change; index.html must be revalidated to pick up a new build
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const pageFor = createInitialDataPages(app, createIndexPages(root));
    app.spaFallback = async (request, reply) =>
      sendIndexPage(request, reply, await pageFor(new URL(request.url, 'http://x').pathname));
    // The home page is a route of the console like any other (the static handler would refuse a directory).
    app.get('/', { schema: { hide: true } }, async (request, reply) =>
      sendIndexPage(request, reply, await pageFor('/')),
    );
  },
  { name: 'static', dependencies: ['errors'] },
);
