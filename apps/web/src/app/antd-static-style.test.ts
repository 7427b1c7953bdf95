// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  antdStaticStyle,
  innerComponents,
  splitStyles,
  topLevelRules,
  usedAntdComponents,
} from '../../build/antd-static-style';

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

  it("serves the shared CSS and each component's own, in the antd cascade layer, with the console theme", () => {
    const plugin = antdStaticStyle(srcDir);
    const resolve = plugin.resolveId as (id: string) => string | null;
    const load = plugin.load as (id: string) => string | null;
    const shared = load(resolve('virtual:antd.css') as string) ?? '';
    expect(shared.startsWith('@layer base, antd;@layer antd{')).toBe(true);
    for (const selector of ['.ant-btn', '.ant-message', '.ant-modal']) expect(shared).toContain(selector);
    expect(shared).toContain('--ant-color-primary:#1261d6');
    expect(shared).not.toContain('.ant-table');

    const tableId = resolve('virtual:antd/Table.css') as string;
    expect(tableId).toMatch(/\.css$/);
    const table = load(tableId) ?? '';
    expect(table.startsWith('@layer antd{')).toBe(true);
    expect(table).toContain('.ant-table');
    expect(table).not.toContain('.ant-btn{');
    // Class names carry no hash, as the runtime (theme.hashed = false) renders them.
    expect(shared + table).not.toMatch(/:where\(\.css-[a-z0-9]+\)/);
    expect(load('other.css')).toBeNull();
  });

  it('imports the CSS of the components a module uses into that module, on its first line', () => {
    const plugin = antdStaticStyle(srcDir);
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const code = "import { Table, Button } from 'antd';\nexport const x = 1;\n";
    const out = transform(code, `${srcDir}/features/x/list.tsx`)?.code ?? '';
    const [first, ...rest] = out.split('\n');
    expect(first).toContain("import 'virtual:antd/Table.css';");
    // Components Table renders inside come along; those in the shared CSS do not.
    expect(first).toContain("import 'virtual:antd/Pagination.css';");
    expect(first).not.toContain('Button.css');
    expect(rest.join('\n')).toBe(code.split('\n').slice(1).join('\n'));
    expect(transform(code, `${srcDir}/features/x/list.test.tsx`)).toBeNull();
    expect(transform("import { useState } from 'react';", `${srcDir}/a.tsx`)).toBeNull();
  });
});

describe('splitting the extracted CSS', () => {
  it('puts rules several components share into the shared part once, at their last position', () => {
    const { shared, byComponent } = splitStyles(
      new Map([
        ['Table', ['a{color:red}', '.ant-table{x:1}', '.anticon{y:1}']],
        ['Tag', ['a{color:red}', '.anticon{y:1}', '.ant-tag{z:1}']],
        ['Button', ['.ant-btn{w:1}']],
      ]),
    );
    expect(shared).toBe('a{color:red}.anticon{y:1}.ant-btn{w:1}');
    expect(byComponent.get('Table')).toBe('.ant-table{x:1}');
    expect(byComponent.get('Tag')).toBe('.ant-tag{z:1}');
    expect(byComponent.has('Button')).toBe(false);
  });

  it('reads a stylesheet as its top-level rules, at-rules whole', () => {
    expect(topLevelRules('a{b:c}@media (x){.d{e:f}}.g{h:i}')).toEqual(['a{b:c}', '@media (x){.d{e:f}}', '.g{h:i}']);
  });
});
