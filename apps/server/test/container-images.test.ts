// The Dockerfile, .dockerignore and compose.yaml at the repository's root, read as files: what
// the image must hold to run (docs/deploy.md, "Container images"), and a compose file whose
// settings, commands and services are the server's own. .ci/images builds and runs the image.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from '../src/config-env';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Instruction {
  keyword: string;
  args: string;
}
interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

/** Dockerfile instructions by stage: continuation lines joined, comments and blank lines dropped. */
function stages(text: string): { args: Instruction[]; stages: Stage[] } {
  const lines = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const result: { args: Instruction[]; stages: Stage[] } = { args: [], stages: [] };
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') };
    if (instruction.keyword === 'FROM') {
      const [from = '', , name = ''] = instruction.args.split(' ');
      result.stages.push({ name, from, instructions: [] });
    } else if (result.stages.length === 0) {
      result.args.push(instruction);
    } else {
      result.stages.at(-1)?.instructions.push(instruction);
    }
  }
  return result;
}

const dockerfile = stages(read('Dockerfile'));
const stage = (name: string) => {
  const found = dockerfile.stages.find((s) => s.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
};
const runs = (s: Stage) => s.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
const final = dockerfile.stages.at(-1) as Stage;
const one = (s: Stage, keyword: string) => s.instructions.filter((i) => i.keyword === keyword);

const rootPackage = JSON.parse(read('package.json')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};
const defaults = envSchema.parse({});

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const service = (name: string) => {
  const found = compose.services[name];
  if (!found) throw new Error(`compose.yaml has no service ${name}`);
  return found;
};

describe('Dockerfile', () => {
  it('builds FROM one base, a public image unless BASE_IMAGE names another', () => {
    const base = dockerfile.args.find((a) => a.args.startsWith('BASE_IMAGE='));
    expect(base?.args).toMatch(/^BASE_IMAGE=docker\.io\/library\/node:20[.\w-]*-bookworm-slim$/);
    expect(dockerfile.stages.map((s) => `${s.name} ${s.from}`)).toEqual([
      'manifests ${BASE_IMAGE}',
      'build manifests',
      'deps manifests',
      'runtime ${BASE_IMAGE}',
    ]);
  });

  it('installs everything and builds the web app and the server in the build stage', () => {
    const build = stage('build');
    expect(runs(build).some((r) => /(^|[;&] *)npm ci$/.test(r))).toBe(true);
    expect(runs(build)).toContain('npm run build');
    expect(rootPackage.scripts.build).toContain('@lumi/web');
    expect(rootPackage.scripts.build).toContain('@lumi/server');
  });

  it('installs from every workspace package.json and the lockfile (the manifests stage)', () => {
    const copied = one(stage('manifests'), 'COPY').map((c) => c.args.split(' ').slice(0, -1));
    expect(copied[0]).toEqual(['package.json', 'package-lock.json']);
    expect(copied.slice(1).flat()).toEqual(rootPackage.workspaces.map((w) => `${w}/package.json`));
    expect(runs(stage('manifests'))).toEqual([]);
  });

  it('gives the runtime the production dependencies only', () => {
    const deps = runs(stage('deps')).join(' ');
    expect(deps).toMatch(/npm ci --omit=dev --workspace=@lumi\/server/);
    expect(deps).toMatch(/delete pkg\.devDependencies/);
    expect(deps).toMatch(/npm prune --omit=dev/);
    // No install in the final stage, and its node_modules come from the deps stage only.
    expect(runs(final).join(' ')).not.toMatch(/npm (ci|install|i)\b/);
    const fromBuild = one(final, 'COPY')
      .filter((c) => c.args.startsWith('--from=build'))
      .map((c) => c.args.split(' ')[1]);
    expect(fromBuild.every((src) => !src?.includes('node_modules'))).toBe(true);
    expect(one(final, 'COPY').some((c) => c.args === '--from=deps /app ./')).toBe(true);
  });

  it('holds what the server reads next to its bundle', () => {
    const copied = one(final, 'COPY').map((c) => c.args.split(' ')[1]);
    for (const dir of [
      '/app/apps/server/dist',
      '/app/apps/web/dist',
      '/app/apps/server/drizzle.config.ts',
      '/app/apps/server/drizzle',
      '/app/apps/server/engines',
      '/app/apps/server/seed',
      '/app/content',
    ]) {
      expect(copied).toContain(dir);
      if (!dir.endsWith('/dist'))
        expect(fs.existsSync(path.join(root, dir.slice('/app/'.length)))).toBe(true);
    }
    // paths.ts finds the server's folder by its drizzle.config.ts.
    expect(read('apps/server/src/paths.ts')).toContain("'drizzle.config.ts'");
  });

  it('runs as a numeric non-root user, with a health check, the port and the data volume', () => {
    const user = one(final, 'USER').at(-1)?.args ?? '';
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(user.split(':').every((id) => Number(id) !== 0)).toBe(true);
    const health = one(final, 'HEALTHCHECK');
    expect(health).toHaveLength(1);
    expect(health[0]?.args).toContain('/livez');
    expect(read('apps/server/src/plugins/health.ts')).toContain("app.get('/livez'");
    const env = one(final, 'ENV')
      .map((e) => e.args)
      .join(' ');
    expect(env).toMatch(/DATA_DIR=\/data/);
    expect(env).toMatch(/NODE_ENV=production/);
    expect(env).toMatch(new RegExp(`PORT=${defaults.PORT}\\b`));
    expect(one(final, 'EXPOSE').map((e) => e.args)).toEqual([String(defaults.PORT)]);
    expect(one(final, 'VOLUME').map((v) => v.args)).toEqual(['["/data"]']);
  });

  it('starts the server by the serve script, and the worker script names a bundle it builds', () => {
    const cmd = JSON.parse(one(final, 'CMD').at(-1)?.args ?? '[]') as string[];
    expect(cmd.join(' ')).toBe(rootPackage.scripts.serve);
    expect(rootPackage.scripts.worker).toBe('node apps/server/dist/worker.js');
    expect(read('apps/server/build.mjs')).toMatch(/worker: 'src\/worker-main\.ts'/);
  });
});

describe('.dockerignore', () => {
  it('keeps installs, builds, data and git out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', '.env'])
      expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const processes = ['app', 'worker'] as const;

  it('has the site, a worker, PostgreSQL, Redis, MinIO and its bucket step', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['app', 'minio', 'minio-init', 'postgres', 'redis', 'worker'].sort(),
    );
  });

  it('names images in full (podman resolves no short names) and builds its own', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (processes.includes(name as (typeof processes)[number])) {
        expect(s.build).toBeDefined();
        continue;
      }
      expect(s.image, name).toMatch(/^[\w.-]+\.[a-z]+\/[\w./-]+:[\w.-]+$/);
    }
  });

  it('gives every long-running service a health check', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (name === 'minio-init') continue;
      expect(s.healthcheck?.disable, name).not.toBe(true);
      expect(s.healthcheck?.test?.[0], name).toMatch(/^CMD(-SHELL)?$/);
    }
    expect(service('app').healthcheck?.test.join(' ')).toContain('/healthz');
  });

  it('starts each service after what it needs', () => {
    expect(service('app').depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-init': { condition: 'service_completed_successfully' },
    });
    expect(service('worker').depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(service('minio-init').depends_on?.minio).toEqual({ condition: 'service_healthy' });
    const init = (service('minio-init') as { entrypoint: string[] }).entrypoint.join(' ');
    expect(init).toContain('mc mb --ignore-existing');
    expect(init).toContain('mc anonymous set download');
  });

  it('runs jobs in the worker, by the worker script', () => {
    expect(service('app').environment?.RUN_WORKERS).toBe('false');
    expect(service('worker').command?.join(' ')).toBe(rootPackage.scripts.worker);
  });

  it('sets only settings the server reads, and all it needs for PostgreSQL, Redis and S3', () => {
    const known = new Set(Object.keys(envSchema.shape));
    for (const name of processes) {
      const env = service(name).environment ?? {};
      for (const key of Object.keys(env)) expect(known.has(key), `${name}: ${key}`).toBe(true);
      for (const key of [
        'DATABASE_URL',
        'REDIS_URL',
        'S3_ENDPOINT',
        'S3_BUCKET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
      ]) {
        expect(env[key], `${name}: ${key}`).toBeTruthy();
      }
      expect(new URL(env.DATABASE_URL?.replace(/\$\{[^}]*\}/g, 'x') ?? '').hostname).toBe('postgres');
      expect(new URL(env.REDIS_URL ?? '').hostname).toBe('redis');
      expect(new URL(env.S3_ENDPOINT ?? '').hostname).toBe('minio');
    }
  });

  it('keeps passwords out of the file', () => {
    const text = read('compose.yaml');
    const secrets = [...text.matchAll(/^\s*([A-Z0-9_]*(?:PASSWORD|SECRET)[A-Z0-9_]*):\s*(.+)$/gm)];
    expect(secrets.length).toBeGreaterThan(2);
    for (const [line, , value] of secrets) expect(value, line).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/);
  });

  it('declares the named volumes it mounts', () => {
    for (const s of Object.values(compose.services)) {
      for (const volume of s.volumes ?? []) {
        const [source = ''] = volume.split(':');
        if (!source.startsWith('.') && !source.startsWith('/'))
          expect(compose.volumes).toHaveProperty(source);
      }
    }
  });
});
