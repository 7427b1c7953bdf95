import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsoleApp, definePlugin, ERROR_HOOK_FAILURE_LOG, MOUNT_ERROR_LOG, startApp } from './lifecycle';

afterEach(() => vi.restoreAllMocks());

describe('start-up lifecycle', () => {
  it('creates, runs created hooks, before-mount hooks, mounts, then mounted hooks, in that order', async () => {
    const order: string[] = [];
    const app = createConsoleApp({ render: () => order.push('mount') });
    order.push('created');
    app.hook('app:mounted', () => {
      order.push('mounted');
    });
    app.hook('app:beforeMount', async () => {
      await Promise.resolve();
      order.push('beforeMount');
    });
    app.hook('app:created', () => {
      order.push('app:created');
    });
    await startApp(app, document.createElement('div'));
    expect(order).toEqual(['created', 'app:created', 'beforeMount', 'mount', 'mounted']);
    expect(app.mounted).toBe(true);
  });

  it('runs a plugin’s setup at install and registers its hooks once', async () => {
    const calls: string[] = [];
    const plugin = definePlugin({
      name: 'probe',
      setup: () => calls.push('setup'),
      hooks: { 'app:created': () => void calls.push('created') },
    });
    const app = createConsoleApp({ render: () => undefined, plugins: [plugin] });
    app.use(plugin);
    await startApp(app, document.createElement('div'));
    expect(calls).toEqual(['setup', 'created']);
    expect(app.plugins).toEqual(['probe']);
  });

  it('logs a mount failure as "Error while mounting app:" and rethrows it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const boom = new Error('render failed');
    const app = createConsoleApp({
      render: () => {
        throw boom;
      },
    });
    const mounted = vi.fn();
    app.hook('app:mounted', mounted);
    await expect(startApp(app, document.createElement('div'))).rejects.toBe(boom);
    expect(log).toHaveBeenCalledWith(MOUNT_ERROR_LOG, boom);
    expect(MOUNT_ERROR_LOG).toBe('Error while mounting app:');
    expect(mounted).not.toHaveBeenCalled();
  });

  it('treats a failing before-mount hook as a mount failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const render = vi.fn();
    const app = createConsoleApp({ render });
    app.hook('app:beforeMount', () => {
      throw new Error('plugin broke');
    });
    await expect(startApp(app, document.createElement('div'))).rejects.toThrow('plugin broke');
    expect(render).not.toHaveBeenCalled();
    expect(log.mock.calls[0][0]).toBe('Error while mounting app:');
  });

  it('fails to start without a container', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createConsoleApp({ render: vi.fn() });
    await expect(startApp(app, null)).rejects.toThrow('Mount container not found');
  });
});

describe('app:error hooks', () => {
  it('hands the error to every app:error hook', async () => {
    const app = createConsoleApp({ render: () => undefined });
    const seen: unknown[] = [];
    app.hook('app:error', (e) => {
      seen.push(e);
    });
    const err = new Error('x');
    await app.handleError(err);
    expect(seen).toEqual([err]);
  });

  it('logs a failing error hook as "Error in vue:error hook" and does not rethrow', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createConsoleApp({ render: () => undefined });
    const hookError = new Error('hook failed');
    app.hook('app:error', () => {
      throw hookError;
    });
    await expect(app.handleError(new Error('original'))).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith(ERROR_HOOK_FAILURE_LOG, hookError);
    expect(ERROR_HOOK_FAILURE_LOG).toBe('Error in vue:error hook');
  });

  it('removes a hook with the function hook() returns', async () => {
    const app = createConsoleApp({ render: () => undefined });
    const fn = vi.fn();
    const off = app.hook('app:error', fn);
    off();
    await app.handleError(new Error('x'));
    expect(fn).not.toHaveBeenCalled();
  });
});
