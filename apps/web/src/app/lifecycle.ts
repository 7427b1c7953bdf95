/**
 * The console's start-up lifecycle (spec §4): create the app, run app:created hooks, run app:beforeMount hooks,
 * mount, run app:mounted hooks. Modules register plugins that hook into these steps; app:error hooks hear every
 * fatal or unhandled error.
 */

export interface ConsoleApp {
  /** Registers a hook; returns a function that removes it. */
  hook<N extends HookName>(name: N, fn: HookFn<N>): () => void;
  /** Runs every hook of that name in registration order, awaiting each. */
  callHook<N extends HookName>(name: N, ...args: HookArgs[N]): Promise<void>;
  /** Installs a plugin: its hooks are registered and its setup runs at once. */
  use(plugin: AppPlugin): ConsoleApp;
  /** Renders the app into the container (called by startApp between beforeMount and mounted). */
  mount(container: Element): void;
  /** Reports an error to the app:error hooks; a failing hook is logged and never rethrown. */
  handleError(error: unknown): Promise<void>;
  readonly plugins: readonly string[];
  readonly mounted: boolean;
}

export interface HookArgs {
  'app:created': [app: ConsoleApp];
  'app:beforeMount': [app: ConsoleApp];
  'app:mounted': [app: ConsoleApp];
  'app:error': [error: unknown];
}
export type HookName = keyof HookArgs;
export type HookFn<N extends HookName> = (...args: HookArgs[N]) => void | Promise<void>;

export interface AppPlugin {
  name: string;
  hooks?: { [N in HookName]?: HookFn<N> };
  setup?: (app: ConsoleApp) => void;
}

export const definePlugin = (plugin: AppPlugin) => plugin;

export const MOUNT_ERROR_LOG = 'Error while mounting app:';
export const ERROR_HOOK_FAILURE_LOG = 'Error in vue:error hook';

export interface CreateAppOptions {
  /** Does the actual rendering (React's createRoot in the browser; a stub in tests). */
  render: (container: Element, app: ConsoleApp) => void;
  plugins?: AppPlugin[];
}

export function createConsoleApp(options: CreateAppOptions): ConsoleApp {
  const hooks = new Map<HookName, HookFn<HookName>[]>();
  const pluginNames: string[] = [];
  let mounted = false;

  const app: ConsoleApp = {
    hook(name, fn) {
      const list = hooks.get(name) ?? [];
      list.push(fn as HookFn<HookName>);
      hooks.set(name, list);
      return () => {
        const current = hooks.get(name) ?? [];
        hooks.set(
          name,
          current.filter((f) => f !== fn),
        );
      };
    },
    async callHook(name, ...args) {
      for (const fn of [...(hooks.get(name) ?? [])]) {
        await (fn as (...a: unknown[]) => void | Promise<void>)(...args);
      }
    },
    use(plugin) {
      if (pluginNames.includes(plugin.name)) return app;
      pluginNames.push(plugin.name);
      for (const [name, fn] of Object.entries(plugin.hooks ?? {})) {
        if (fn) app.hook(name as HookName, fn as HookFn<HookName>);
      }
      plugin.setup?.(app);
      return app;
    },
    mount(container) {
      options.render(container, app);
      mounted = true;
    },
    async handleError(error) {
      try {
        await app.callHook('app:error', error);
      } catch (hookError) {
        console.error(ERROR_HOOK_FAILURE_LOG, hookError);
      }
    },
    get plugins() {
      return pluginNames;
    },
    get mounted() {
      return mounted;
    },
  };

  for (const plugin of options.plugins ?? []) app.use(plugin);
  return app;
}

/** The spec's start-up order. A failure anywhere is logged as 'Error while mounting app:' and rethrown. */
export async function startApp(app: ConsoleApp, container: Element | null): Promise<ConsoleApp> {
  try {
    if (!container) throw new Error('Mount container not found');
    await app.callHook('app:created', app);
    await app.callHook('app:beforeMount', app);
    app.mount(container);
    await app.callHook('app:mounted', app);
    return app;
  } catch (error) {
    console.error(MOUNT_ERROR_LOG, error);
    throw error;
  }
}
