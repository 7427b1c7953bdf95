import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin, parseAst } from 'vite';
import { antdStaticStyle } from './build/antd-static-style';
import { contractsWithoutSchemas } from './build/contracts-without-schemas';
import { bootPreload, routePreloads } from './build/preload-links';

const API_TARGET = 'http://localhost:3000';

/** Build id: UTC timestamp plus the commit (or random bytes outside git), unique per build. */
function makeBuildId(): string {
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  let suffix: string;
  try {
    suffix = execSync('git rev-parse --short=8 HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    suffix = '';
  }
  return `${stamp}-${suffix || randomBytes(4).toString('hex')}-${randomBytes(2).toString('hex')}`;
}

/**
 * Injects the build id into the app and writes the build-metadata documents
 * `_build/<id>.json` and `_build/latest.json` next to the bundle; the app polls latest.json to notice a new deploy.
 */
function buildMetadata(): Plugin {
  let id = 'dev';
  const builtAt = Date.now();
  return {
    name: 'pharmacy:build-metadata',
    config(_config, env) {
      if (env.command === 'build') id = process.env.BUILD_ID || makeBuildId();
      return { define: { __BUILD_ID__: JSON.stringify(id), __BUILD_TIME__: JSON.stringify(builtAt) } };
    },
    generateBundle() {
      const doc = `${JSON.stringify({ id, timestamp: builtAt })}\n`;
      this.emitFile({ type: 'asset', fileName: `_build/${id}.json`, source: doc });
      this.emitFile({ type: 'asset', fileName: '_build/latest.json', source: doc });
    },
  };
}

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build; the server sends them as they
 * are (@fastify/static preCompressed), so responses are compressed at the best level without any per-request cost.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|mjs|css|html|svg|json|txt)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'pharmacy:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

const SHARED_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/](?!.*\.test\.)/;

/**
 * packages/shared builds its zod schemas at module top level (`export const x = z.object(…).refine(…)`). Such calls
 * look like side effects to the bundler, so a page importing one constant from a schema module would pull in zod
 * (~30 KB gzip). Every top-level declaration initialised by a call, `new`, an object or an array literal is wrapped
 * in a pure-annotated arrow call: evaluated exactly as before when used, dropped when not.
 */
const WRAPPED_INITS = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression']);

function pureSharedDeclarations(): Plugin {
  return {
    name: 'pharmacy:pure-shared-declarations',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!SHARED_SRC.test(id)) return null;
      const edits: { start: number; end: number }[] = [];
      for (const node of parseAst(code).body) {
        const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations) {
          const init = d.init;
          if (init && WRAPPED_INITS.has(init.type)) {
            edits.push({ start: init.start, end: init.end });
          }
        }
      }
      if (edits.length === 0) return null;
      let out = code;
      for (const { start, end } of edits.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
      }
      return { code: out, map: null };
    },
  };
}

const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 25 },
  { name: 'query', test: /node_modules[\\/](@tanstack|zustand)[\\/]/, priority: 25 },
];

export default defineConfig({
  plugins: [
    antdStaticStyle(fileURLToPath(new URL('./src', import.meta.url))),
    bootPreload(),
    routePreloads(fileURLToPath(new URL('./src', import.meta.url))),
    buildMetadata(),
    contractsWithoutSchemas(),
    pureSharedDeclarations(),
    precompress(),
  ],
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/scms': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/scms': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks each route pulls in (used to measure the login route's first load).
    manifest: true,
    rolldownOptions: {
      // packages/shared has no top-level side effects; without this its zod schemas (and zod, decimal.js,
      // validator) would ride along into the first page load just because something imports a constant.
      treeshake: {
        moduleSideEffects: (id) => (SHARED_SRC.test(id) ? false : undefined),
      },
      // antd's modules start with "use client", meaningless in a client bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
      output: {
        // Stable vendor chunks for caching; everything else (antd included) is split by use, so a lazy page's
        // components load with that page and the login route pulls only what it renders.
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
