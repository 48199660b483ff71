import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openConfiguredDatabase, type Database } from './db/client';
import { systemClock } from './lib/clock';
import { seedCatalogue } from './seed/catalogue';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const running: { database?: Database; app?: App } = {};

  // Registered first, so a signal during start-up (PGlite's first initdb) still closes cleanly.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`${signal}: shutting down\n`);
    const force = setTimeout(() => {
      process.stderr.write('shutdown took too long, exiting\n');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    (async () => {
      await running.app?.close();
      await running.database?.close();
    })()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        process.stderr.write(`error while shutting down: ${String(err)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const database = await openConfiguredDatabase(config, {
    poolSize: config.databasePoolSize,
    onPoolError: (err) => process.stderr.write(`database connection lost: ${err.message}\n`),
  });
  running.database = database;
  if (closing) return;
  const app = await buildApp({ config, database });
  running.app = app;
  if (closing) return;
  if (config.seedCharacters) {
    await seedCatalogue({
      db: database.db,
      storage: app.services.characters.storage,
      clock: systemClock,
      ownerName: config.siteName,
      log: (msg) => app.log.info(msg),
    });
  }
  await app.services.characters.refreshHotOrder();
  // The floor compiles its rules on first use (about 0.2 s for all): before the first visitor,
  // not during their first messages.
  app.services.moderation.warmUp();
  if (closing) return;
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: config.dataDir },
    `${config.siteName} is serving on http://localhost:${config.port}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
