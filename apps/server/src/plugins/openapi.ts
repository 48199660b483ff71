import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Endpoint } from '@lumi/contract';
import { z } from 'zod';
import { UPLOAD_DOC, validatorCompiler } from '../lib/endpoint';

type UploadDoc = NonNullable<Endpoint['upload']> & { json: boolean };

/** A multipart call's form in JSON Schema: its text fields, and its files as binary strings. */
function multipartSchema(upload: UploadDoc, body: unknown): Record<string, unknown> {
  const fields = (
    upload.fields ? z.toJSONSchema(upload.fields, { io: 'input', unrepresentable: 'any' }) : body
  ) as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  const files = Object.entries(upload.files);
  return {
    type: 'object',
    properties: {
      ...fields?.properties,
      ...Object.fromEntries(
        files.map(([name, file]) => [
          name,
          { type: 'string', format: 'binary', description: `${file.kind}, up to ${file.maxBytes} bytes` },
        ]),
      ),
    },
    required: [...(fields?.required ?? []), ...files.filter(([, f]) => f.required).map(([name]) => name)],
  };
}

/**
 * Where the reference lives: the document, and the page that reads it (Swagger UI from its own
 * files on this server, loaded on that page only; it reads the same document at `docs/json`).
 */
export const OPENAPI_PATH = '/cgi-bin/openapi.json';
export const REFERENCE_PATH = '/cgi-bin/docs';

/**
 * The API's one contract, served: every route registered from the contract's endpoint table
 * (`route` in lib/endpoint.ts) validates its request and serializes its answer by the table's
 * zod schemas, and appears in the OpenAPI document with them. Routes without schemas (pages,
 * files, the service worker) stay out of it. Register before any route.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { siteName: string; publicUrl: string },
) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One contract for every call: a call under /cgi-bin registered by hand, without the table's
  // schemas (`route` in lib/endpoint.ts), stops the server at start. The reference is the exception.
  app.addHook('onRoute', (options) => {
    const url = options.url ?? '';
    if (!url.startsWith('/cgi-bin/') || url === OPENAPI_PATH || url.startsWith(`${REFERENCE_PATH}`)) return;
    if (!options.schema?.response) {
      throw new Error(
        `${String(options.method)} ${url} has no schema: declare it in the contract's endpoint table`,
      );
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.siteName} API`,
        version: '1',
        description:
          'Every call answers with the envelope `{ code, message, data }`: `code` 0 is success, any ' +
          'other is an error whose `message` is in the language of the x-locale header, else of ' +
          'Accept-Language. Calls under /cgi-bin/auth need the session cookie a sign-in sets ' +
          '(POST /cgi-bin/login with type 0 and a 40-character code signs a visitor in as a guest).',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: (document) => {
      const { schema, url } = document;
      if (!url.startsWith('/cgi-bin/') || !schema?.response)
        return { schema: { ...schema, hide: true }, url };
      const upload = (schema as Record<string, unknown>)[UPLOAD_DOC] as UploadDoc | undefined;
      const out = jsonSchemaTransform(document);
      if (!upload) return out;
      const { [UPLOAD_DOC]: _, body, ...rest } = out.schema as Record<string, unknown>;
      // The same call takes the JSON body (when it has one) or the multipart form with files.
      return {
        url: out.url,
        schema: {
          ...rest,
          body: {
            content: {
              ...(upload.json ? { 'application/json': { schema: body } } : {}),
              'multipart/form-data': { schema: multipartSchema(upload, body) },
            },
          },
        },
      };
    },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: REFERENCE_PATH,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
