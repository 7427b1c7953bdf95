// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pagerEn from '@rc-component/pagination/es/locale/en_US';
import pagerZh from '@rc-component/pagination/es/locale/zh_CN';
import pickerEn from '@rc-component/picker/es/locale/en_US';
import pickerZh from '@rc-component/picker/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { antdZhFallback, zhCnSibling } from '../../build/antd-zh-fallback';

/** The key paths of `en` that `zh` lacks (objects compared key by key, all the way down). */
function missingKeys(en: object, zh: object, prefix = ''): string[] {
  return Object.entries(en).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    const other = (zh as Record<string, unknown>)[key];
    if (other === undefined) return [at];
    return value && typeof value === 'object' && other && typeof other === 'object'
      ? missingKeys(value, other, at)
      : [];
  });
}

const require = createRequire(import.meta.url);
const antdLocale = (name: string) => require.resolve(`antd/es/locale/${name}`);

describe("antd's English fallback locale is its zh_CN in the build", () => {
  it('zh_CN has every text en_US has, so nothing antd falls back on goes missing', () => {
    expect(missingKeys(enUS, zhCN)).toEqual([]);
    expect(missingKeys(pagerEn, pagerZh)).toEqual([]);
    expect(missingKeys(pickerEn, pickerZh)).toEqual([]);
  });

  it("maps antd's and its rc-components' en_US modules to their zh_CN siblings, and nothing else", () => {
    const en = antdLocale('en_US');
    expect(zhCnSibling(en)).toBe(antdLocale('zh_CN'));
    const pickerLocale = path.join(path.dirname(en), '..', 'date-picker', 'locale', 'en_US.js');
    expect(zhCnSibling(pickerLocale)).toBe(pickerLocale.replace(/en_US\.js$/, 'zh_CN.js'));
    expect(zhCnSibling(antdLocale('zh_CN'))).toBeNull();
    expect(zhCnSibling(antdLocale('en_GB'))).toBeNull();
    expect(zhCnSibling('/work/x/src/locale/en_US.js')).toBeNull();
  });

  let dir = '';
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it("builds antd's fallbacks with the Chinese texts and without the English module", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'antd-zh-'));
    const entry = path.join(dir, 'entry.js');
    // What antd's components import as their fallback: the locale itself and the pagination's through its package.
    writeFileSync(
      entry,
      `import en from ${JSON.stringify(antdLocale('en_US'))};\nexport const okText = en.Modal.okText;\nexport const tag = en.locale;\nexport const pager = en.Pagination.items_per_page;\n`,
    );
    const out = (await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [antdZhFallback()],
      build: { write: false, minify: false, rolldownOptions: { input: entry, preserveEntrySignatures: 'strict' } },
    })) as Rollup.RollupOutput;
    const chunk = out.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry);
    const modules = Object.keys(chunk?.modules ?? {});
    expect(modules.some((id) => /en_US\.js$/.test(id))).toBe(false);
    expect(modules).toContain(antdLocale('zh_CN'));
    expect(chunk?.code).toContain('确定');
    expect(chunk?.code).not.toMatch(/locale: "en"/);
  }, 60_000);
});
