import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { migrationsDir } from '../paths';

/** The one database type every repository takes: PGlite and PostgreSQL give the same API. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * A piece of a query that one repository builds and another's query embeds (services pass it
 * along without looking inside).
 */
export type { SQL as QueryPart } from 'drizzle-orm';
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls `onNotify` for every NOTIFY on the channel, from any process (PostgreSQL) or this one
   * (PGlite); answers the function that stops listening. NOTIFY in a transaction arrives at
   * commit. Notices may be missed while a connection is re-made: listeners also poll.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball, to open copies from (`DatabaseOptions.pgliteFrom`). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** A round trip to the database (the health check). */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Arbitrary, fixed key so that processes starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 7_246_131;

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite's data directory; undefined keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * An in-memory PGlite starts as a copy of this dump (`Database.dump`) instead of an empty
   * cluster: the tests' template, a third of the time of initdb and migrations.
   */
  pgliteFrom?: Blob | undefined;
  poolSize?: number;
  /** Told when an idle pooled connection fails (server restart, admin kill); the pool replaces it. */
  onPoolError?: (err: Error) => void;
}

/**
 * The configured database, as the server, the worker and the command-line tools open it:
 * DATABASE_URL's PostgreSQL, else the embedded PGlite in DATA_DIR/pgdata.
 */
export function openConfiguredDatabase(
  config: { databaseUrl: string | undefined; dataDir: string },
  options: Pick<DatabaseOptions, 'poolSize' | 'onPoolError'>,
): Promise<Database> {
  return openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
    ...options,
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.onPoolError);
  return openPglite(options.pgliteDir, options.pgliteFrom);
}

async function openPglite(dir: string | undefined, from: Blob | undefined): Promise<Database> {
  if (dir) await fs.mkdir(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(from && !dir ? { loadDataDir: from } : {}),
  });
  const db = drizzlePglite(client, { schema });
  // A copy of a migrated dump finds every migration applied and runs none.
  await migratePglite(db, { migrationsFolder: migrationsDir() });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  onPoolError: (err: Error) => void = () => undefined,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Without a listener an idle client's error would crash the process.
  pool.on('error', onPoolError);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir() });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  const db = drizzlePg(pool, { schema });
  const listeners = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async listen(channel, onNotify) {
      const stop = await listenPostgres(url, channel, onNotify, onPoolError);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** LISTEN on a connection of its own, made again (after a second) whenever it drops. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onError: (err: Error) => void,
): Promise<() => Promise<void>> {
  if (!/^\w+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (err) => {
      onError(err);
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(onError), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) await next.end();
    else client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
