import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { externalNpm } from '../external-npm.mjs';
import { createThrowawayDatabase, LIFTED_LIMITS } from './helpers';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Inside the server package, so the bundle finds node_modules and the migrations like dist/ does. */
const BUILD_DIR = path.join(SERVER_ROOT, 'dist', 'test-cluster');

let bundled: Promise<string> | undefined;

/** The server's main.ts bundled as `npm run build` bundles it (npm packages stay external). */
function bundle(): Promise<string> {
  bundled ??= (async () => {
    const outfile = path.join(BUILD_DIR, `main-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
    process.once('exit', () => fs.rmSync(outfile, { force: true }));
    await build({
      entryPoints: [path.join(SERVER_ROOT, 'src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      logLevel: 'error',
      plugins: [externalNpm],
    });
    return outfile;
  })();
  return bundled;
}

export interface Cluster {
  /** Each process's base URL, e.g. http://127.0.0.1:41234. */
  urls: string[];
  /** The database all of them share (a throwaway one, dropped by stop). */
  databaseUrl: string;
  stop(): Promise<void>;
}

/** One server process; answers once it listens, with its base URL. */
function startProcess(
  file: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [file], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 30 s: ${stderr}`));
    }, 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${stderr}`));
    });
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const at = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (at) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ url: at, child });
      }
    });
  });
}

/**
 * Several real server processes (the bundled main.ts, as `npm start` runs it) on one fresh
 * PostgreSQL database: what the limits must hold across. `env` is added to every process's
 * settings; the request rate limits and tourist quotas are lifted unless `env` sets them.
 */
export async function startCluster(
  count: number,
  baseUrl: string,
  env: Record<string, string> = {},
): Promise<Cluster> {
  const database = await createThrowawayDatabase(baseUrl, 'lumi_cluster');
  const databaseUrl = database.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumi-cluster-'));
  const file = await bundle();
  const common = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '20',
    DATA_DIR: dataDir,
    SEED_CHARACTERS: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    FILES_SECRET: 'cluster-files-secret-0123456789',
    PUBLIC_URL: 'http://127.0.0.1',
    ...LIFTED_LIMITS,
    ...env,
  };
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first migrates the fresh database.
    const urls: string[] = [];
    for (let i = 0; i < count; i++) {
      const started = await startProcess(file, common);
      children.push(started.child);
      urls.push(started.url);
    }
    return { urls, databaseUrl, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}
