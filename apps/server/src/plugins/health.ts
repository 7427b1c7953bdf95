import fp from 'fastify-plugin';
import { z } from 'zod';

/** Liveness and database reachability for load balancers and the start scripts. */
export const healthPlugin = fp(
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          hide: true,
          response: { 200: z.object({ status: z.literal('ok'), db: z.string() }) },
        },
      },
      async () => {
        await app.database.ping();
        return { status: 'ok' as const, db: app.database.driver };
      },
    );
  },
  { name: 'health', dependencies: ['db'] },
);
