import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './db/seed/index';

/** Starts the server: open the database, migrate, seed demo data when asked, listen; stop cleanly on signals. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
  });
  const app = await buildApp({ config, database });
  try {
    await database.migrate();
    app.log.info({ driver: database.driver }, 'database migrated');
    // the embedded database is a demo by nature; PostgreSQL gets demo data only when asked
    if (database.driver === 'pglite' || config.seedDemo) {
      const { seeded } = await seedDemo(database.db);
      if (seeded) app.log.info('demo data seeded (password Demo@12345)');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.fatal({ err }, 'start-up failed');
    await app.close().catch(() => undefined);
    process.exit(1);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('fatal:', err);
  process.exit(1);
});
