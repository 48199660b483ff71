import { envelopeOf, type Endpoint } from '@lumi/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { Envelope } from '@lumi/contract';
import { inputError } from './validate';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a handler gets: its body, query and path parameters as the schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: Out<E['body']>;
  Querystring: Out<E['query']>;
  Params: Out<E['params']>;
}>;

/** What a handler returns: the envelope of the endpoint's data (or nothing, once it has hijacked the reply). */
type Answer<E extends Endpoint> = Envelope<z.input<E['response']>> | undefined;

/**
 * Request validation by the contract's schemas: the first problem becomes the translated 100001
 * envelope that names the field, as `validate` answered by hand before. A missing body or query
 * reads as empty, so its required fields are named as missing.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const input: unknown = data ?? {};
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: inputError(result.error.issues[0], input) };
  };

/**
 * Registers an endpoint of the contract's table on `app`, which must be the scope its path sits
 * under (`/cgi-bin/auth` for a session's calls): method, path, schemas for the request and the
 * answer's envelope, and the reference's summary and tag.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E>>,
  options: Omit<RouteShorthandOptions, 'schema'> = {},
): void {
  if (!e.path.startsWith(`${app.prefix}/`)) {
    throw new Error(`${e.path} cannot be registered under ${app.prefix || '/'}`);
  }
  // The table's `access` is the scope's hook that enforces it: /cgi-bin/auth lets a session in,
  // /cgi-bin/admin an admin, and everything else anyone.
  const scope = e.path.startsWith('/cgi-bin/auth/')
    ? 'session'
    : e.path.startsWith('/cgi-bin/admin/')
      ? 'admin'
      : 'public';
  if (scope !== e.access) throw new Error(`${e.path} says ${e.access} but its scope is ${scope}`);
  app.route({
    ...options,
    method: e.method,
    url: e.path.slice(app.prefix.length),
    schema: {
      summary: e.summary,
      tags: [e.tag],
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(e.params ? { params: e.params } : {}),
      response: { 200: envelopeOf(e.response) },
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
