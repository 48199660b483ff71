import { endpoint, noData } from '@lumi/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { guardScope, route, validatorCompiler } from './endpoint';

const declared = (path: `/cgi-bin/${string}`, access: 'public' | 'session' | 'admin') =>
  endpoint({ method: 'GET', path, summary: 'x', tag: 'x', access, response: noData });

/** Registers `e` inside a scope with `prefix` guarded for `scope`, as app.ts nests its scopes. */
async function register(
  prefix: string,
  e: ReturnType<typeof declared>,
  scope: 'public' | 'session' | 'admin' = prefix.endsWith('/auth')
    ? 'session'
    : prefix.endsWith('/admin')
      ? 'admin'
      : 'public',
): Promise<void> {
  const app = Fastify();
  // As plugins/openapi.ts sets them for the app.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(
    async (app) => {
      if (scope !== 'public') guardScope(app, scope, async () => {});
      route(app, e, async () => ({ code: 0, message: 'success', data: null }));
    },
    { prefix },
  );
  await app.ready();
}

describe('route (an endpoint of the contract, registered)', () => {
  it('registers a call in the scope its path and access name', async () => {
    await expect(register('/cgi-bin/auth', declared('/cgi-bin/auth/x', 'session'))).resolves.toBeUndefined();
    await expect(register('/cgi-bin/admin', declared('/cgi-bin/admin/x', 'admin'))).resolves.toBeUndefined();
    await expect(register('/cgi-bin', declared('/cgi-bin/x', 'public'))).resolves.toBeUndefined();
  });

  it('refuses a table whose access says something else than the scope that enforces it', async () => {
    await expect(register('/cgi-bin/auth', declared('/cgi-bin/auth/x', 'public'))).rejects.toThrow(
      /says public but its scope is session/,
    );
    await expect(register('/cgi-bin', declared('/cgi-bin/admin/x', 'session'))).rejects.toThrow(
      /says session but its scope is public/,
    );
    // The scope's guard decides, not the path: an admin call under /auth needs the admin guard.
    await expect(register('/cgi-bin/auth', declared('/cgi-bin/auth/x', 'admin'))).rejects.toThrow(
      /says admin but its scope is session/,
    );
    await expect(
      register('/cgi-bin/auth', declared('/cgi-bin/auth/x', 'admin'), 'admin'),
    ).resolves.toBeUndefined();
  });

  it('holds a guard for the scopes nested inside, and not for the scope around it', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(
      async (auth) => {
        guardScope(auth, 'session', async () => {});
        await auth.register(async (inner) => {
          route(inner, declared('/cgi-bin/auth/in', 'session'), async () => ({
            code: 0,
            message: 'success',
            data: null,
          }));
        });
      },
      { prefix: '/cgi-bin/auth' },
    );
    await app.register(
      async (outside) => {
        expect(() =>
          route(outside, declared('/cgi-bin/out', 'session'), async () => ({
            code: 0,
            message: 'success',
            data: null,
          })),
        ).toThrow(/says session but its scope is public/);
      },
      { prefix: '/cgi-bin' },
    );
    await app.ready();
  });

  it('refuses a path outside the scope it is registered in', async () => {
    await expect(register('/cgi-bin/auth', declared('/cgi-bin/admin/x', 'admin'))).rejects.toThrow(
      /cannot be registered under \/cgi-bin\/auth/,
    );
  });
});
