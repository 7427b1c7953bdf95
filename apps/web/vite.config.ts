import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { antdStaticStyle } from './build/antd-static-style';
import { antdZhFallback } from './build/antd-zh-fallback';
import { contractsWithoutSchemas } from './build/contracts-without-schemas';
import { bootPreload, preloadsBeyondLoaded, routePreloads } from './build/preload-links';

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

const vendorGroups: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 25 },
  { name: 'query', test: /node_modules[\\/](@tanstack|zustand)[\\/]/, priority: 25 },
];

export default defineConfig({
  plugins: [
    antdStaticStyle(fileURLToPath(new URL('./src', import.meta.url))),
    antdZhFallback(),
    bootPreload(),
    routePreloads(fileURLToPath(new URL('./src', import.meta.url))),
    preloadsBeyondLoaded(fileURLToPath(new URL('./src', import.meta.url))),
    buildMetadata(),
    contractsWithoutSchemas(),
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
