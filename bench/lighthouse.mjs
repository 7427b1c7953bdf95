// Lighthouse on chosen console pages of an already running server, for quick iteration on the front end:
//   npx tsx bench/lighthouse.mjs http://127.0.0.1:3000 /login /medicine/list /message
// Signed-in pages are opened as the demo pharmacy_admin. Full reports go to .tmp/lighthouse/ (with --save).
import { mkdirSync, writeFileSync } from 'node:fs';
import { isProtectedPath } from '@pharmacy/shared';
import { lighthouseRun, signInThroughConsole } from './lib/frontend.mjs';

const args = process.argv.slice(2);
const save = args.includes('--save');
const [base, ...paths] = args.filter((a) => a !== '--save');
const presets = (process.env.LH_PRESETS ?? 'desktop,mobile').split(',');
if (save) mkdirSync('.tmp/lighthouse', { recursive: true });
for (const path of paths) {
  for (const preset of presets) {
    const signIn = isProtectedPath(path) ? signInThroughConsole : undefined;
    const result = await lighthouseRun(base + path, preset, { signIn, keepReport: save });
    if (save) {
      writeFileSync(`.tmp/lighthouse/${preset}${path.replaceAll('/', '_')}.json`, JSON.stringify(result.lhr));
      delete result.lhr;
    }
    console.log(JSON.stringify(result));
  }
}
