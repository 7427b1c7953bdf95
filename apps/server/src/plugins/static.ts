import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Written by the web build (apps/web/build/preload-links.ts): each route's page and layout chunks. */
export const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');

type RoutePreloads = Record<string, { js?: string[]; css?: string[] }>;

interface IndexPage {
  html: string;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

const escapeAttr = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const normalisePath = (pathname: string) =>
  pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;

/**
 * index.html for a browser path. For a path of the route table the page's own chunks are added as preload links, so
 * they download with the first wave (the client router would otherwise ask for them only once the app runs). The
 * build's files are read again when index.html changes (a new deploy), and each variant is compressed once.
 */
export function createIndexPages(root: string): (pathname: string) => IndexPage {
  const indexFile = path.join(root, 'index.html');
  let loaded: { mtimeMs: number; html: string; preloads: RoutePreloads; pages: Map<string, IndexPage> } | null = null;

  const build = (html: string): IndexPage => ({
    html,
    etag: `"${createHash('sha1').update(html).digest('base64url').slice(0, 20)}"`,
    br: brotliCompressSync(html),
    gzip: gzipSync(html),
  });

  return (pathname) => {
    const { mtimeMs } = statSync(indexFile);
    if (loaded?.mtimeMs !== mtimeMs) {
      let preloads: RoutePreloads = {};
      try {
        preloads = JSON.parse(readFileSync(path.join(root, ROUTE_PRELOADS_FILE), 'utf8')) as RoutePreloads;
      } catch {
        // A build without the map (or a hand-made dist): every path gets the plain index.html.
      }
      loaded = { mtimeMs, html: readFileSync(indexFile, 'utf8'), preloads, pages: new Map() };
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
      page = build(html);
      loaded.pages.set(key, page);
    }
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
    const indexPage = createIndexPages(root);
    app.spaFallback = (request, reply) =>
      sendIndexPage(request, reply, indexPage(new URL(request.url, 'http://x').pathname));
    // The home page is a route of the console like any other (the static handler would refuse a directory).
    app.get('/', { schema: { hide: true } }, (request, reply) => sendIndexPage(request, reply, indexPage('/')));
  },
  { name: 'static', dependencies: ['errors'] },
);
