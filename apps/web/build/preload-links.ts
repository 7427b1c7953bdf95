// Vite plugins: which chunks a first page load fetches up front.
//
// - `bootPreload`: src/main.tsx imports the app dynamically, running the preloaded modules one by one in short tasks.
//   Vite preloads only the entry's static imports from index.html; this adds a modulepreload link for every chunk the
//   entry imports dynamically and everything those import, so all download at once, and a style preload for their CSS
//   (main.tsx applies it; index.html blocks on no stylesheet).
// - `routePreloads`: writes `.vite/route-preloads.json`, for each path of the route table the JS and CSS of its page
//   and layout (beyond what index.html already loads). The server puts them into index.html for that path
//   (apps/server/src/plugins/static.ts): the page's modules download with the first wave instead of after the router
//   asks for them, and the browser's main thread no longer adds those links one by one at start-up.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type HtmlTagDescriptor, type Plugin, parseAst, type Rollup } from 'vite';

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** What the server adds to index.html for one path. */
export interface RoutePreload {
  js: string[];
  css: string[];
}

type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;

/** Adds `file` and every chunk it imports statically (dependencies first) to `into`, skipping those in `skip`. */
function collectStaticClosure(bundle: Bundle, file: string, skip: Set<string>, into: string[]): void {
  if (skip.has(file)) return;
  skip.add(file);
  const output = bundle[file];
  if (output?.type !== 'chunk') return;
  for (const dep of output.imports) collectStaticClosure(bundle, dep, skip, into);
  into.push(file);
}

/**
 * What index.html loads: `all`, the entry chunk (src/main.tsx) with its static imports and the chunks of its dynamic
 * imports with theirs; `files`, the latter, which Vite does not preload by itself.
 */
function bootChunks(bundle: Bundle, entry: Chunk): { files: string[]; all: Set<string> } {
  const all = new Set<string>();
  collectStaticClosure(bundle, entry.fileName, all, []);
  const files: string[] = [];
  for (const file of entry.dynamicImports) collectStaticClosure(bundle, file, all, files);
  return { files, all };
}

export function bootPreload(): Plugin {
  let base = '/';
  return {
    name: 'pharmacy:boot-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return html;
        const { files } = bootChunks(bundle, chunk);
        const styles = new Set(files.flatMap((file) => [...((bundle[file] as Chunk).viteMetadata?.importedCss ?? [])]));
        // Styles are fetched early but applied by main.tsx, so the splash paints without them.
        const tags: HtmlTagDescriptor[] = [
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: base + file },
            injectTo: 'head' as const,
          })),
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: base + file },
            injectTo: 'head' as const,
          })),
        ];
        return { html, tags };
      },
    },
  };
}

/** The parts of ESTree nodes that the route table readers look at. */
interface AstNode {
  type: string;
  value?: unknown;
  key?: { name?: string; value?: unknown };
  body?: AstNode | AstNode[];
  source?: AstNode;
  expression?: AstNode;
  declaration?: AstNode;
  declarations?: { id: { name?: string }; init?: AstNode }[];
  elements?: (AstNode | null)[];
  properties?: AstNode[];
}

const propertyName = (p: AstNode) => p.key?.name ?? p.key?.value;

function property(object: AstNode, key: string): AstNode | undefined {
  return object.properties?.find((p) => p.type === 'Property' && propertyName(p) === key)?.value as AstNode | undefined;
}

/** A string-valued property of an object literal node, or undefined. */
function stringProperty(object: AstNode, key: string): string | undefined {
  const value = property(object, key);
  return value?.type === 'Literal' && typeof value.value === 'string' ? value.value : undefined;
}

/** The specifier of `() => import('…')` under a property, or undefined. */
function importProperty(object: AstNode, key: string): string | undefined {
  const value = property(object, key);
  const body = value?.type === 'ArrowFunctionExpression' ? (value.body as AstNode) : undefined;
  const source = body?.type === 'ImportExpression' ? body.source : undefined;
  return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : undefined;
}

/** The initialiser of `const <name> = …` at the top level of a module (type assertions looked through). */
function topLevelInit(source: string, name: string): AstNode | undefined {
  for (const node of parseAst(source, { lang: 'tsx' }).body as unknown as AstNode[]) {
    const decl = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
    if (decl?.type !== 'VariableDeclaration') continue;
    for (const d of decl.declarations ?? []) if (d.id.name === name) return d.init?.expression ?? d.init;
  }
  return undefined;
}

export interface RouteSource {
  path: string;
  layout: string;
  page?: string;
}

/** Reads `routeTable` of src/app/routes.tsx: each route's path, layout (default 'default') and page import. */
export function readRouteTable(source: string): RouteSource[] {
  const table = topLevelInit(source, 'routeTable');
  if (table?.type !== 'ArrayExpression') throw new Error('routes.tsx: routeTable is not an array literal');
  const routes: RouteSource[] = [];
  for (const e of table.elements ?? []) {
    const path = e?.type === 'ObjectExpression' ? stringProperty(e, 'path') : undefined;
    if (e && path)
      routes.push({ path, layout: stringProperty(e, 'layout') ?? 'default', page: importProperty(e, 'page') });
  }
  return routes;
}

/** Reads `layoutModules` of src/app/router.tsx: layout name → the module it imports. */
export function readLayoutModules(source: string): Record<string, string> {
  const object = topLevelInit(source, 'layoutModules');
  if (object?.type !== 'ObjectExpression') throw new Error('router.tsx: layoutModules is not an object literal');
  const out: Record<string, string> = {};
  for (const p of object.properties ?? []) {
    const name = String(propertyName(p));
    const spec = importProperty(object, name);
    if (spec) out[name] = spec;
  }
  return out;
}

export function routePreloads(srcDir: string): Plugin {
  const routesFile = path.join(srcDir, 'app', 'routes.tsx');
  const routerFile = path.join(srcDir, 'app', 'router.tsx');
  return {
    name: 'pharmacy:route-preloads',
    apply: 'build',
    // After Vite's own generateBundle hooks, which drop the JS of chunks that only carry CSS.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const entry = Object.values(bundle).find((o): o is Chunk => o.type === 'chunk' && o.isEntry);
        if (!entry) return;
        const { all: inIndexHtml } = bootChunks(bundle, entry);
        const chunkByModule = new Map<string, Chunk>();
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.facadeModuleId) chunkByModule.set(output.facadeModuleId, output);
        }
        const chunkOf = async (specifier: string, importer: string) => {
          const resolved = await this.resolve(specifier, importer);
          const chunk = resolved && chunkByModule.get(resolved.id);
          if (!chunk) this.error(`route-preloads: no chunk for ${specifier} (imported by ${importer})`);
          return chunk;
        };
        const layoutChunks = new Map<string, Chunk>();
        for (const [name, spec] of Object.entries(readLayoutModules(readFileSync(routerFile, 'utf8')))) {
          layoutChunks.set(name, await chunkOf(spec, routerFile));
        }
        const preloads: Record<string, RoutePreload> = {};
        for (const route of readRouteTable(readFileSync(routesFile, 'utf8'))) {
          const roots = [
            layoutChunks.get(route.layout),
            route.page ? await chunkOf(route.page, routesFile) : undefined,
          ];
          const js: string[] = [];
          const seen = new Set(inIndexHtml);
          for (const root of roots) if (root) collectStaticClosure(bundle, root.fileName, seen, js);
          const css = js.flatMap((file) => [...((bundle[file] as Chunk).viteMetadata?.importedCss ?? [])]);
          preloads[route.path] = { js, css: [...new Set(css)] };
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads)}\n` });
      },
    },
  };
}
