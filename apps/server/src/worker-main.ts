// npm run worker: a process that only runs generation jobs, beside any number of servers and
// other workers on the same PostgreSQL (DATABASE_URL). Stops cleanly on SIGTERM: running jobs
// get 10 s to finish, then go back to the queue for another worker.
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openConfiguredDatabase } from './db/client';

async function main(): Promise<void> {
  let config: Config;
  try {
    // A worker runs jobs whatever RUN_WORKERS says (that setting is for the server), and never seeds.
    config = { ...loadConfig(), seedCharacters: false };
    config = { ...config, jobs: { ...config.jobs, runWorkers: true } };
    // Its metrics (and /readyz) on a port of its own: WORKER_METRICS_PORT beside a server that
    // shares its settings, METRICS_PORT otherwise. It listens on no other port.
    const metricsPort = config.metrics.workerPort ?? config.metrics.port;
    config = { ...config, metrics: { ...config.metrics, port: metricsPort } };
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  if (!config.databaseUrl) {
    process.stderr.write(
      'npm run worker needs DATABASE_URL: the embedded database runs its jobs in the server\n',
    );
    process.exit(1);
  }
  const database = await openConfiguredDatabase(config, {
    poolSize: Math.max(4, config.jobs.concurrency + 2),
  });
  // The same services as the server (engines, storage, credits), without listening for HTTP.
  const app = await buildApp({ config, database });
  await app.ready();
  app.log.info(
    { worker: app.worker?.id, concurrency: config.jobs.concurrency, metricsPort: app.metrics.port },
    'job worker running',
  );
  if (app.metrics.port === undefined) {
    app.log.warn('no WORKER_METRICS_PORT or METRICS_PORT: this worker serves no metrics');
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: stopping the worker`);
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `worker failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
