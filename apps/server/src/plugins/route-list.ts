import type { Contract } from '@pharmacy/shared';
import fp from 'fastify-plugin';

export interface RegisteredRoute {
  method: string;
  url: string;
  contract: Contract | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after this plugin, with the contract it came from (the contracts test reads it). */
    routeList: RegisteredRoute[];
  }
}

export const routeListPlugin = fp(
  async (app) => {
    const list: RegisteredRoute[] = [];
    app.decorate('routeList', list);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        list.push({ method, url: route.url, contract: route.config?.contract });
      }
    });
  },
  { name: 'route-list' },
);
