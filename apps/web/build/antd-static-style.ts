// Vite plugin: antd's CSS extracted at build time instead of generated in the browser.
//
// The console runs antd with `zeroRuntime` (src/app/theme.ts): components render class names only. This plugin
// serves `virtual:antd.css`, the CSS of every antd component the console's source imports (plus the components those
// render inside themselves), extracted with the console's theme by @ant-design/static-style-extract. A component
// imported in a new module is picked up by the scan on the next build; nothing to list by hand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import type { Plugin } from 'vite';
import { theme } from '../src/app/theme';

const VIRTUAL_ID = 'virtual:antd.css';
const RESOLVED_ID = '\0antd-static-style.css';

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

/** Always present: the static message and confirm dialogs of src/lib/feedback.ts. */
const alwaysIncluded = ['message', 'Modal', 'Button'];

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

/** The antd components that the source under `srcDir` imports, with the components they render inside. */
export function usedAntdComponents(srcDir: string): string[] {
  const found = new Set(alwaysIncluded);
  for (const file of sourceFiles(srcDir)) {
    const code = readFileSync(file, 'utf8');
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
  }
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

export function antdStaticStyle(srcDir: string): Plugin {
  let css: string | null = null;
  return {
    name: 'pharmacy:antd-static-style',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : null),
    load(id) {
      if (id !== RESOLVED_ID) return null;
      css ??= quietly(() =>
        extractStyle({
          includes: usedAntdComponents(srcDir),
          // Extraction renders on the server, so runtime generation is on there; the tokens are the console's.
          customTheme: (node) => createElement(ConfigProvider, { theme: { ...theme, zeroRuntime: false } }, node),
        }),
      );
      return css;
    },
    // A new antd import in the source may need more CSS.
    handleHotUpdate({ file }) {
      if (file.startsWith(srcDir) && /\.tsx?$/.test(file)) css = null;
    },
  };
}
