// Lighthouse on chosen console pages of already running servers, for quick iteration on the front end:
//   npx tsx bench/lighthouse.mjs http://127.0.0.1:3411 /login /medicine/list /message
//   npx tsx bench/lighthouse.mjs --runs 3 http://127.0.0.1:3411 http://127.0.0.1:3412 -- /login /message
// With several servers (A/B: before `--`), the runs are interleaved (A, B, A, B …) so that both builds see the same
// machine load, and each server's median run is printed per page and preset. Presets: each page's from
// bench/targets.mjs (`frontendPages`), or LH_PRESETS=desktop,mobile for all. Signed-in pages are opened as the demo
// pharmacy_admin. Full reports go to .tmp/lighthouse/ (with --save, single runs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { isProtectedPath } from '@pharmacy/shared';
import { lighthouseRun, signInThroughConsole } from './lib/frontend.mjs';
import { frontendPages } from './targets.mjs';

const argv = process.argv.slice(2);
const save = argv.includes('--save');
const runsAt = argv.indexOf('--runs');
const runs = runsAt >= 0 ? Number(argv.splice(runsAt, 2)[1]) : 1;
const args = argv.filter((a) => a !== '--save');
const split = args.indexOf('--');
const bases = split >= 0 ? args.slice(0, split) : args.slice(0, 1);
const paths = split >= 0 ? args.slice(split + 1) : args.slice(1);
const presetsOf = (path) =>
  process.env.LH_PRESETS?.split(',') ?? frontendPages.find((p) => p.path === path)?.presets ?? ['desktop', 'mobile'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

if (save) mkdirSync('.tmp/lighthouse', { recursive: true });
for (const path of paths) {
  for (const preset of presetsOf(path)) {
    const signIn = isProtectedPath(path) ? signInThroughConsole : undefined;
    const done = new Map(bases.map((base) => [base, []]));
    for (let i = 0; i < runs; i++) {
      for (const base of bases) {
        const result = await lighthouseRun(base + path, preset, { signIn, keepReport: save });
        if (save) {
          writeFileSync(`.tmp/lighthouse/${preset}${path.replaceAll('/', '_')}.json`, JSON.stringify(result.lhr));
          delete result.lhr;
        }
        if (runs === 1) console.log(JSON.stringify(result));
        done.get(base).push(result);
      }
    }
    if (runs === 1) continue;
    for (const [base, results] of done) {
      const ok = results.filter((r) => !r.error);
      const pick = (key) => median(ok.map((r) => r[key]));
      console.log(
        JSON.stringify({
          path,
          preset,
          base,
          score: pick('score'),
          scores: results.map((r) => r.score),
          fcp_ms: pick('fcp_ms'),
          lcp_ms: pick('lcp_ms'),
          tbt_ms: pick('tbt_ms'),
          tbts: results.map((r) => r.tbt_ms),
          cls: pick('cls'),
          benchmark_index: pick('benchmark_index'),
          errors: results.filter((r) => r.error).length,
        }),
      );
    }
  }
}
