import fastifyMultipart from '@fastify/multipart';
import {
  CHARACTER_LIMITS,
  ErrorCode,
  adminApproveBodySchema,
  adminListBodySchema,
  characterFormSchema,
  characterGetQuerySchema,
  characterListQuerySchema,
  characterSearchQuerySchema,
  collectAddBodySchema,
  idQuerySchema,
  idsOrCharacterBodySchema,
  pageQuerySchema,
  ratingBodySchema,
} from '@lumi/contract';
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { imageTooLargeError } from '../../lib/images';
import { fileBytes, readParts } from '../../lib/multipart';
import { validate } from '../../lib/validate';
import { caller } from '../../plugins/auth';
import type { CharactersService, UploadedFiles } from './characters.service';

/** Create, modify and card export may take a while on a slow phone upload (spec §9). */
const LONG_TIMEOUT_MS = 200_000;
const FILE_FIELDS = new Set(['head', 'card']);
const MAX_FIELDS = 40;

/** Reads a multipart form: its text fields and the `head` and `card` files, within limits. */
async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFiles }> {
  if (!request.isMultipart()) {
    // The same form may come url-encoded or as JSON (no files then).
    const body = (request.body ?? {}) as Record<string, unknown>;
    return {
      fields: Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
      files: {},
    };
  }
  const fields: Record<string, string> = {};
  const files: UploadedFiles = {};
  for await (const part of readParts(request)) {
    if (part.type === 'file') {
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw new BusinessError(ErrorCode.INVALID_INPUT, 'unknown_field', { field: part.fieldname });
      }
      const limit = part.fieldname === 'head' ? CHARACTER_LIMITS.avatarBytes : CHARACTER_LIMITS.cardBytes;
      const buffer = await fileBytes(part);
      if (part.file.truncated || buffer.byteLength > limit) {
        if (part.fieldname === 'head') throw imageTooLargeError();
        throw new BusinessError(ErrorCode.PAYLOAD_TOO_LARGE, 'payload_too_large', {}, 413);
      }
      if (buffer.byteLength > 0) files[part.fieldname as 'head' | 'card'] = buffer;
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
  return { fields, files };
}

export const characterRoutes: FastifyPluginAsync<{
  characters: CharactersService;
  /** The admin hook (plugins/admin.ts), for the one admin call under /auth. */
  adminOnly: onRequestAsyncHookHandler;
}> = async (app, { characters, adminOnly }) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: CHARACTER_LIMITS.cardBytes,
      files: 2,
      fields: MAX_FIELDS,
      fieldSize: 64 * 1024,
      parts: MAX_FIELDS + 2,
    },
    throwFileSizeLimit: false,
  });

  const user = (request: FastifyRequest) => caller(request).user;

  app.get('/character/list', async (request) =>
    ok(await characters.list(user(request), validate(characterListQuerySchema, request.query))),
  );

  app.get('/character/list-search', async (request) => {
    const q = validate(characterSearchQuerySchema, request.query);
    return ok(await characters.search(user(request), q.query, q.page, q.page_size));
  });

  app.get('/character/get', async (request) => {
    const q = validate(characterGetQuerySchema, request.query);
    return ok(await characters.get(user(request), q.id, q.from === 'chat'));
  });

  app.get('/character/my', async (request) => {
    const q = validate(pageQuerySchema, request.query);
    return ok(await characters.mine(user(request), q.page, q.page_size));
  });

  app.post('/character/create', { handlerTimeout: LONG_TIMEOUT_MS }, async (request) => {
    const { fields, files } = await readForm(request);
    return ok(await characters.create(user(request), validate(characterFormSchema, fields), files));
  });

  app.post('/character/modify', { handlerTimeout: LONG_TIMEOUT_MS }, async (request) => {
    const { fields, files } = await readForm(request);
    return ok(await characters.modify(user(request), validate(characterFormSchema, fields), files));
  });

  app.post('/character/delete', async (request) => {
    const { id } = validate(idQuerySchema, request.body);
    await characters.remove(user(request), id);
    return ok(null);
  });

  app.post('/character/ratings', async (request) => {
    const body = validate(ratingBodySchema, request.body);
    return ok(await characters.rate(user(request), body.id, body.rating));
  });

  app.get('/character/card', { handlerTimeout: LONG_TIMEOUT_MS }, async (request, reply) => {
    const { id } = validate(idQuerySchema, request.query);
    const card = await characters.exportCard(user(request), id);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(card.filename)}`)
      .send(Buffer.from(card.png));
  });

  app.get('/character/approve-list', { preHandler: adminOnly }, async (request) => {
    const q = validate(pageQuerySchema, request.query);
    return ok(await characters.approveList(user(request), q.page, q.page_size));
  });

  app.post('/collect/add', async (request) => {
    const { characterId } = validate(collectAddBodySchema, request.body);
    await characters.collect(user(request), characterId);
    return ok(null);
  });

  app.post('/collect/delete', async (request) =>
    ok(await characters.uncollect(user(request), validate(idsOrCharacterBodySchema, request.body))),
  );

  app.get('/collect/list', async (request) => {
    const q = validate(pageQuerySchema, request.query);
    return ok(await characters.collects(user(request), q.page, q.page_size));
  });

  app.get('/character_browse/list', async (request) => ok(await characters.browses(user(request))));

  app.post('/character_browse/delete', async (request) =>
    ok(await characters.deleteBrowses(user(request), validate(idsOrCharacterBodySchema, request.body))),
  );
};

/**
 * /cgi-bin/admin/*: the admin scope's hook lets only admins in (app.ts); refused on the hosts
 * where management is blocked.
 */
export const adminCharacterRoutes: FastifyPluginAsync<{
  characters: CharactersService;
}> = async (app, { characters }) => {
  app.post('/character/all', async (request) =>
    ok(await characters.adminAll(caller(request).user, validate(adminListBodySchema, request.body))),
  );

  app.post('/character/approve', async (request) => {
    const body = validate(adminApproveBodySchema, request.body);
    return ok(await characters.approve(caller(request).user, body.id, body.approval));
  });
};
