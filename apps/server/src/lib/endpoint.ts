import { envelopeOf, noData, type Access, type Endpoint } from '@lumi/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  onRequestAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { z } from 'zod';
import type { Envelope } from '@lumi/contract';
import { missingFile, readUpload, removeSaved, type SavedFile, type UploadedFiles } from './multipart';
import { withRequestId } from './request-context';
import { inputError } from './validate';

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type Upload<E extends Endpoint> = NonNullable<E['upload']>;
type UploadFields<E extends Endpoint> = Upload<E>['fields'] extends z.ZodType
  ? z.output<Upload<E>['fields']>
  : Out<E['body']>;
/** Each declared file: audio as a temporary file, images and cards as bytes. */
type UploadFiles<E extends Endpoint> = {
  [K in keyof Upload<E>['files']]?: Upload<E>['files'][K]['kind'] extends 'audio' ? SavedFile : Buffer;
};

/** The request a handler gets: its body, query and path parameters as the schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Body: Out<E['body']>;
  Querystring: Out<E['query']>;
  Params: Out<E['params']>;
}>;

/** What a handler returns: the envelope of the endpoint's data (or nothing, once it has sent or hijacked the reply). */
type Answer<E extends Endpoint> =
  | (E['bare'] extends true ? z.input<E['response']> : Envelope<z.input<E['response']>>)
  | FastifyReply
  | undefined;

/** Parses `input` by `schema`; the first problem becomes the translated 100001 envelope. */
function parse(schema: z.ZodType, data: unknown): { value: unknown } | { error: Error } {
  const input: unknown = data ?? {};
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { error: inputError(result.error.issues[0], input) };
}

/**
 * Request validation by the contract's schemas: the first problem becomes the translated 100001
 * envelope that names the field, as `validate` answered by hand before. A missing body or query
 * reads as empty, so its required fields are named as missing.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    parse(schema, data);

const SCOPE_ACCESS = Symbol('lumi.scopeAccess');
type Scoped = FastifyInstance & { [SCOPE_ACCESS]?: Access };

/**
 * Puts a scope behind `hook`, the check that lets only callers with `access` in (a session, an
 * admin), and records it, so that `route` can hold the table's `access` to the scope that
 * enforces it. Scopes nested inside inherit it (Fastify's scopes are prototypes of their parent's).
 */
export function guardScope(
  scope: FastifyInstance,
  access: Exclude<Access, 'public'>,
  hook: onRequestAsyncHookHandler,
): void {
  scope.addHook('onRequest', hook);
  (scope as Scoped)[SCOPE_ACCESS] = access;
}

const scopeAccess = (app: FastifyInstance): Access => (app as Scoped)[SCOPE_ACCESS] ?? 'public';

/** A multipart request's files and its text fields, already checked; kept per request. */
const uploads = new WeakMap<FastifyRequest, { fields: unknown; files: UploadedFiles }>();
/** Bodies made of a multipart request's checked fields, which the body schema does not read again. */
const uploadBodies = new WeakSet<object>();

/**
 * A multipart call's upload, as `route` read it before the handler: its text fields parsed by
 * the endpoint's schema, each file within its own limit (images and cards as bytes, audio as a
 * temporary file removed when the answer is sent). Undefined when the request was not multipart.
 */
export function uploadOf<E extends Endpoint & { upload: object }>(
  request: EndpointRequest<E>,
  _e: E,
): { fields: UploadFields<E>; files: UploadFiles<E> } | undefined {
  return uploads.get(request) as ReturnType<typeof uploadOf<E>>;
}

/**
 * The answer's schemas by status: the envelope, or a file of the endpoint's type, or a redirect,
 * or (both declared) a file or a redirect.
 */
function responses(e: Endpoint) {
  // A refusal on the way (input no field may hold, a limit) is still the envelope.
  if (e.bare) return { 200: z.union([e.response, envelopeOf(noData)]) };
  const envelope = envelopeOf(e.response);
  // Errors are the envelope (a business error answers 200); a `null` 302 has no body in the reference.
  const redirect = e.redirect ? { 302: z.null().describe(e.redirect) } : {};
  if (e.answer) {
    return {
      200: {
        description: e.answer.description,
        content: {
          [e.answer.type]: { schema: z.string().meta({ format: 'binary' }) },
          'application/json': { schema: envelope },
        },
      },
      ...redirect,
    };
  }
  if (e.redirect) return { 200: envelopeOf(noData), ...redirect };
  return { 200: envelope };
}

/**
 * Registers an endpoint of the contract's table on `app`, which must be a scope that enforces
 * its `access` (`guardScope`) and sits at its path's prefix: method, path, schemas for the
 * request and the answer, the reference's summary and tag, and a multipart call's upload.
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
  const scope = scopeAccess(app);
  if (scope !== e.access) throw new Error(`${e.path} says ${e.access} but its scope is ${scope}`);
  const upload = e.upload;
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
      ...(upload
        ? {
            [UPLOAD_DOC]: { ...upload, json: !!e.body },
            ...(e.body ? {} : { body: upload.fields ?? z.object({}) }),
          }
        : {}),
      response: responses(e),
    },
    ...(upload
      ? {
          // A multipart request is read here, before validation: its fields by the upload's
          // schema, its files by their limits; the body schema then lets the result through.
          preValidation: async (request: FastifyRequest) => {
            if (!request.isMultipart()) return;
            const read = await readUpload(
              request,
              upload.files,
              (files) => uploads.set(request, { fields: {}, files }),
              upload.fieldBytes,
            );
            const fields = parse(upload.fields ?? e.body ?? z.object({}), read.fields);
            if ('error' in fields) throw fields.error;
            // The required files are named after the fields, as the form reads top to bottom.
            const missing = missingFile(upload.files, read.files);
            if (missing) throw missingFileError(missing);
            uploads.set(request, { fields: fields.value, files: read.files });
            const body = { ...(fields.value as object) };
            uploadBodies.add(body);
            request.body = body;
          },
          onResponse: async (request: FastifyRequest) => {
            const read = uploads.get(request);
            if (read) await removeSaved(read.files);
          },
          validatorCompiler: ((route: Parameters<FastifySchemaCompiler<z.ZodType>>[0]) => {
            const check = validatorCompiler(route);
            if (route.httpPart !== 'body') return check;
            return (data: unknown) =>
              data !== null && typeof data === 'object' && uploadBodies.has(data)
                ? { value: data }
                : e.body
                  ? check(data)
                  : { error: missingFileError(missingFile(upload.files, {}) ?? 'file') };
          }) as FastifySchemaCompiler<unknown>,
        }
      : {}),
    handler: (request: FastifyRequest, reply: FastifyReply) =>
      withRequestId(request.id, () => handler(request as EndpointRequest<E>, reply)),
  });
}

/** The translated 100001 that names a file the call needs (missing_field). */
const missingFileError = (name: string) => inputError({ code: 'invalid_type', path: [name] }, {});

/** Where a multipart call's upload rides in the route's schema, for the OpenAPI document. */
export const UPLOAD_DOC = 'x-lumi-upload';
