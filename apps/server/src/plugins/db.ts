import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Exposes the opened database to repositories (through `app.db`) and closes it with the server. */
export const dbPlugin = fp<{ database: DatabaseHandle }>(
  async (app, { database }) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    database.onIdleConnectionError?.((err) =>
      app.log.warn({ err }, 'a PostgreSQL connection failed while idle; the pool opens a new one when needed'),
    );
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db' },
);
