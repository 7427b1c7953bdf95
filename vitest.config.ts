import { defineConfig } from 'vitest/config';

// CI time (docs/quality-harness.md): two workers on the 2-core machine (vitest's default there is one); the pure
// shared and repo tests skip per-file module isolation (a fresh module graph per file cost ~0.4 s each). The server
// project stays one file at a time (fileParallelism: false forces one worker) and runs after the others.
export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      { test: { name: 'repo', root: './scripts', environment: 'node', include: ['**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', root: './apps/web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
