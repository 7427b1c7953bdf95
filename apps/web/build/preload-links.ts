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
// - `preloadsBeyondLoaded`: trims the preload list Vite writes beside each lazy import (`__vite__mapDeps`, in the chunk
//   holding the import: the route table's are in the console's start chunk, part of every first load) to the chunks
//   that may still be missing when the import runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type HtmlTagDescriptor, type Plugin, parseAst, type Rollup } from 'vite';

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
/** Served to the browser (no-cache, like index.html): each path's modules, preloaded when the console navigates there. */
export const NAVIGATION_PRELOADS_FILE = 'route-preloads.json';

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

/** Each route of the route table with the chunks of its layout (none for layout 'none') and page, if it has one. */
async function routeChunks(
  ctx: Rollup.PluginContext,
  bundle: Bundle,
  srcDir: string,
): Promise<{ path: string; layout?: Chunk; page?: Chunk }[]> {
  const routesFile = path.join(srcDir, 'app', 'routes.tsx');
  const routerFile = path.join(srcDir, 'app', 'router.tsx');
  const chunkByModule = new Map<string, Chunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.facadeModuleId) chunkByModule.set(output.facadeModuleId, output);
  }
  const chunkOf = async (specifier: string, importer: string) => {
    const resolved = await ctx.resolve(specifier, importer);
    const chunk = resolved && chunkByModule.get(resolved.id);
    if (!chunk) ctx.error(`route-preloads: no chunk for ${specifier} (imported by ${importer})`);
    return chunk;
  };
  const layoutChunks = new Map<string, Chunk>();
  for (const [name, spec] of Object.entries(readLayoutModules(readFileSync(routerFile, 'utf8')))) {
    layoutChunks.set(name, await chunkOf(spec, routerFile));
  }
  const routes: { path: string; layout?: Chunk; page?: Chunk }[] = [];
  for (const route of readRouteTable(readFileSync(routesFile, 'utf8'))) {
    const page = route.page ? await chunkOf(route.page, routesFile) : undefined;
    routes.push({ path: route.path, layout: layoutChunks.get(route.layout), page });
  }
  return routes;
}

/** Whether a chunk of the preload list a lazy import would add may be left out: loaded or loading when it runs. */
export type AlreadyLoading = (file: string) => boolean;

/**
 * Trims the list of chunks Vite writes beside each lazy import of the console (`__vite__mapDeps`, in the chunk that
 * holds the import) through `build.modulePreload.resolveDependencies`. Vite lists the imported chunk and everything it
 * imports, less the importing chunk itself; its loader adds a modulepreload link for each file no `<link>` names yet.
 * Left out, as the same links result:
 * - index.html's chunks (the entry and everything it preloads): the boot imports all of them before anything else
 *   runs, and each is named by a link of the page (the entry's own `<script>` is a module already loaded);
 * - the chunks the importing chunk imports statically: they ran before it did;
 * - for a page of the route table, its layout's chunks: the router starts the layout's and the page's imports in the
 *   same tick, parent first, so the layout's own list has just added those links (or they came with the layout
 *   earlier). A page module of routes with different layouts keeps what not all of them load.
 * The route table's lists sit in the start chunk, part of every first load: each repeated React, the router, antd's
 * core and its layout's components. A routed page's list keeps only its stylesheets (Vite's loader applies them): its
 * modules are preloaded from `route-preloads.json` (NAVIGATION_PRELOADS_FILE, written by `routePreloads`), which the
 * console fetches once it has started (src/lib/route-preloads.ts), so the ~300 chunk names of every page's list are no
 * longer part of the first load's JavaScript.
 */
export function preloadsBeyondLoaded(srcDir: string): Plugin {
  const routesFile = path.join(srcDir, 'app', 'routes.tsx');
  let alreadyLoading: ((host: string, file: string) => AlreadyLoading) | undefined;
  let routedPage: ((host: string, file: string) => boolean) | undefined;
  return {
    name: 'pharmacy:preloads-beyond-loaded',
    apply: 'build',
    // After Vite's CSS plugin drops the JS of chunks that only carry CSS; before its import analysis (a later "post"
    // plugin) writes the lists in its own generateBundle.
    enforce: 'post',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (file, deps, { hostId, hostType }) => {
            if (hostType !== 'js') return deps;
            if (!alreadyLoading) throw new Error('preloads-beyond-loaded: a preload list asked for before the bundle');
            const loading = alreadyLoading(hostId, file);
            const left = deps.filter((dep) => !loading(dep));
            return routedPage?.(hostId, file) ? left.filter((dep) => dep.endsWith('.css')) : left;
          },
        },
      },
    }),
    async generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((o): o is Chunk => o.type === 'chunk' && o.isEntry);
      if (!entry) return;
      const closure = (file: string) => {
        const into = new Set<string>();
        collectStaticClosure(bundle, file, into, []);
        return into;
      };
      const boot = bootChunks(bundle, entry).all;
      const routesHost = Object.values(bundle).find(
        (o): o is Chunk => o.type === 'chunk' && o.moduleIds.includes(routesFile),
      )?.fileName;
      /** Page chunk → what its layout (every layout of its routes) loads. */
      const withLayout = new Map<string, Set<string>>();
      for (const { layout, page } of await routeChunks(this, bundle, srcDir)) {
        if (!page) continue;
        const loads = layout ? closure(layout.fileName) : new Set<string>();
        const before = withLayout.get(page.fileName);
        withLayout.set(page.fileName, before ? new Set([...before].filter((f) => loads.has(f))) : loads);
      }
      routedPage = (host, file) => host === routesHost && withLayout.has(file);
      const hostClosures = new Map<string, Set<string>>();
      alreadyLoading = (host, file) => {
        const ran = hostClosures.get(host) ?? closure(host);
        hostClosures.set(host, ran);
        const layout = host === routesHost ? withLayout.get(file) : undefined;
        return (dep) => boot.has(dep) || ran.has(dep) || !!layout?.has(dep);
      };
    },
  };
}

export function routePreloads(srcDir: string): Plugin {
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
        const preloads: Record<string, RoutePreload> = {};
        for (const route of await routeChunks(this, bundle, srcDir)) {
          const js: string[] = [];
          const seen = new Set(inIndexHtml);
          for (const root of [route.layout, route.page])
            if (root) collectStaticClosure(bundle, root.fileName, seen, js);
          const css = js.flatMap((file) => [...((bundle[file] as Chunk).viteMetadata?.importedCss ?? [])]);
          preloads[route.path] = { js, css: [...new Set(css)] };
        }
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads)}\n` });
        const navigation = Object.fromEntries(Object.entries(preloads).map(([path, p]) => [path, p.js]));
        this.emitFile({ type: 'asset', fileName: NAVIGATION_PRELOADS_FILE, source: `${JSON.stringify(navigation)}\n` });
      },
    },
  };
}
