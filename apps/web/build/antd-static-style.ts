// Vite plugin: antd's CSS extracted at build time instead of generated in the browser, loaded with the code that uses it.
//
// The console runs antd with `zeroRuntime` (src/app/theme.ts): components render class names only. The CSS of each antd
// component the source imports (plus the components those render inside themselves) is extracted with the console's
// theme by @ant-design/static-style-extract. `virtual:antd.css` (imported once, by app/providers.tsx) holds what
// every page needs: the rules shared by several components (links, icons, the theme's variables) and the components
// used everywhere (`alwaysIncluded`). Every other component's rules are a module `virtual:antd/<Name>.css`, which the
// plugin imports into each source module that imports the component; Vite's CSS splitting then sends a component's
// CSS with the chunk that renders it, so the login page does not download and parse the table's or the upload's.
// A component imported in a new module is picked up on the next build; nothing to list by hand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { theme } from '../src/app/theme';

const VIRTUAL_ID = 'virtual:antd.css';
const RESOLVED_ID = '\0antd-static-style.css';
const COMPONENT_PREFIX = 'virtual:antd/';
const RESOLVED_COMPONENT_PREFIX = '\0antd-static-style/';

/** Components that antd components render inside themselves, so their CSS must come along. */
export const innerComponents: Record<string, string[]> = {
  Table: [
    'Pagination',
    'Select',
    'Checkbox',
    'Radio',
    'Dropdown',
    'Menu',
    'Tooltip',
    'Empty',
    'Spin',
    'Button',
    'Input',
  ],
  List: ['Pagination', 'Select', 'Spin', 'Empty', 'Row', 'Col'],
  Pagination: ['Select', 'Input'],
  Select: ['Empty'],
  TreeSelect: ['Empty', 'Select'],
  Upload: ['Progress', 'Tooltip', 'Button'],
  Modal: ['Button'],
  Popconfirm: ['Button', 'Popover'],
  Dropdown: ['Menu'],
  Menu: ['Tooltip'],
  Layout: ['Menu'],
  Typography: ['Tooltip', 'Input'],
  Form: ['Tooltip', 'Row', 'Col'],
  Image: ['Spin'],
  Card: ['Skeleton', 'Tabs'],
  Descriptions: ['Row', 'Col'],
  Input: ['Button'],
  InputNumber: ['Input'],
};

/** In the shared CSS: the static message and confirm dialogs of src/lib/feedback.ts, and what nearly every page shows. */
export const alwaysIncluded = ['message', 'Modal', 'Button'];

/** `antd/es/<dir>…` → the component's export name. */
const dirNames: Record<string, string> = {
  'input-number': 'InputNumber',
  'tree-select': 'TreeSelect',
  message: 'message',
  notification: 'notification',
};
const componentOfDir = (dir: string) =>
  dirNames[dir] ?? dir.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The antd components one source module imports, by name (`import { Table } from 'antd'`) or by path. */
export function antdComponentsIn(code: string): string[] {
  const found = new Set<string>();
  for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
    for (const raw of names.split(',')) {
      const name = raw
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      const isComponent = /^[A-Z]/.test(name) && !raw.trim().startsWith('type ') && !name.endsWith('Props');
      if (isComponent && name !== 'ConfigProvider') found.add(name);
      if (name === 'message' || name === 'notification') found.add(name);
    }
  }
  for (const [, dir] of code.matchAll(/from\s*'antd\/es\/([a-z-]+)[/']/g)) {
    if (dir !== 'locale' && dir !== '_util' && dir !== 'theme') found.add(componentOfDir(dir));
  }
  return [...found];
}

/** The components with the components they render inside, sorted. */
export function withInnerComponents(names: Iterable<string>): string[] {
  const found = new Set(names);
  const queue = [...found];
  while (queue.length) {
    for (const inner of innerComponents[queue.pop() as string] ?? []) {
      if (!found.has(inner)) {
        found.add(inner);
        queue.push(inner);
      }
    }
  }
  return [...found].sort();
}

/** The antd components that the source under `srcDir` imports, with the components they render inside. */
export function usedAntdComponents(srcDir: string): string[] {
  const found = new Set(alwaysIncluded);
  for (const file of sourceFiles(srcDir))
    for (const name of antdComponentsIn(readFileSync(file, 'utf8'))) found.add(name);
  return withInnerComponents(found);
}

/** The top-level rules of a stylesheet (an at-rule with its block counts as one). */
export function topLevelRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      rules.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return rules.filter(Boolean);
}

export interface SplitStyles {
  /** The CSS every page loads: rules shared by two or more components, and the `alwaysIncluded` components. */
  shared: string;
  /** Each other component's own rules. */
  byComponent: Map<string, string>;
}

/**
 * Splits per-component CSS into the shared part and each component's own. A rule that appears in several components'
 * CSS goes to the shared part once, at its last position (removing an earlier copy of an identical rule never changes
 * what the cascade decides).
 */
export function splitStyles(rulesByComponent: Map<string, string[]>): SplitStyles {
  const owners = new Map<string, Set<string>>();
  for (const [name, rules] of rulesByComponent) {
    for (const rule of rules) owners.set(rule, (owners.get(rule) ?? new Set()).add(name));
  }
  const inShared = (rule: string) =>
    (owners.get(rule)?.size ?? 0) > 1 || [...(owners.get(rule) ?? [])].some((n) => alwaysIncluded.includes(n));
  const sharedRules = [...rulesByComponent.values()].flat().filter(inShared);
  const lastIndex = new Map(sharedRules.map((rule, i) => [rule, i]));
  const byComponent = new Map<string, string>();
  for (const [name, rules] of rulesByComponent) {
    if (!alwaysIncluded.includes(name)) byComponent.set(name, rules.filter((r) => !inShared(r)).join(''));
  }
  return { shared: sharedRules.filter((rule, i) => lastIndex.get(rule) === i).join(''), byComponent };
}

/** Runs `render` without antd's deprecation warnings (the extractor renders Input.Group and List on purpose). */
function quietly<T>(render: () => T): T {
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Warning: [antd:')) error(...args);
  };
  try {
    return render();
  } finally {
    console.error = error;
  }
}

/** The CSS of the given components, extracted with the console's theme. */
function extractComponentRules(name: string): string[] {
  return topLevelRules(
    quietly(() =>
      extractStyle({
        includes: [name],
        // Extraction renders on the server, so runtime generation is on there; the tokens are the console's.
        customTheme: (node) => createElement(ConfigProvider, { theme: { ...theme, zeroRuntime: false } }, node),
      }),
    ),
  );
}

export function antdStaticStyle(srcDir: string): Plugin {
  let styles: SplitStyles | null = null;
  const load = () => {
    styles ??= splitStyles(new Map(usedAntdComponents(srcDir).map((name) => [name, extractComponentRules(name)])));
    return styles;
  };
  return {
    name: 'pharmacy:antd-static-style',
    enforce: 'pre',
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      if (id.startsWith(COMPONENT_PREFIX)) return RESOLVED_COMPONENT_PREFIX + id.slice(COMPONENT_PREFIX.length);
      return null;
    },
    // In the `antd` cascade layer (its order is declared here, in the first stylesheet): the console's own unlayered
    // rules override antd's whatever order the stylesheets load in (see app/global.css).
    load(id) {
      if (id === RESOLVED_ID) return `@layer base, antd;@layer antd{${load().shared}}`;
      if (!id.startsWith(RESOLVED_COMPONENT_PREFIX)) return null;
      const name = id.slice(RESOLVED_COMPONENT_PREFIX.length).replace(/\.css$/, '');
      const css = load().byComponent.get(name);
      return css ? `@layer antd{${css}}` : '';
    },
    // Each module that imports antd components imports their CSS, on its first line (line numbers stay as they were).
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id) || /\.test\.tsx?$/.test(id)) return null;
      const names = withInnerComponents(antdComponentsIn(code)).filter((n) => !alwaysIncluded.includes(n));
      if (names.length === 0) return null;
      return { code: names.map((n) => `import '${COMPONENT_PREFIX}${n}.css';`).join('') + code, map: null };
    },
    // A new antd import in the source may need more CSS.
    handleHotUpdate({ file }) {
      if (file.startsWith(srcDir) && /\.tsx?$/.test(file)) styles = null;
    },
  };
}
