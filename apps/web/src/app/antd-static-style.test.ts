// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { antdStaticStyle, innerComponents, usedAntdComponents } from '../../build/antd-static-style';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

describe('antd CSS extracted at build time', () => {
  it('finds the components the console imports, and those they render inside', () => {
    const used = usedAntdComponents(srcDir);
    // Imported by name (the list page, the staff layout) and by path (antd/es/input/Password on the login page).
    for (const name of ['Table', 'Form', 'Menu', 'Layout', 'Input', 'message', 'Modal']) expect(used).toContain(name);
    for (const inner of innerComponents.Table) expect(used).toContain(inner);
    expect(used).not.toContain('Calendar');
    expect(used.every((name) => name !== 'ConfigProvider' && !name.endsWith('Props'))).toBe(true);
  });

  it('serves the CSS of those components with the console theme', () => {
    const plugin = antdStaticStyle(srcDir);
    const resolve = plugin.resolveId as (id: string) => string | null;
    const load = plugin.load as (id: string) => string | null;
    const id = resolve('virtual:antd.css');
    expect(id).toMatch(/\.css$/);
    const css = load(id as string) ?? '';
    for (const selector of ['.ant-table', '.ant-pagination', '.ant-menu', '.ant-btn', '.ant-message'])
      expect(css).toContain(selector);
    expect(css).toContain('--ant-color-primary:#1261d6');
    // Class names carry no hash, as the runtime (theme.hashed = false) renders them.
    expect(css).not.toMatch(/:where\(\.css-[a-z0-9]+\)/);
    expect(load('other.css')).toBeNull();
  });
});
