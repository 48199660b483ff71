import {
  ErrorCode,
  exploreQuerySchema,
  imageBodySchema,
  imageHistoryQuerySchema,
  jobStatusQuerySchema,
  serverMessage,
  shareBodySchema,
} from '@lumi/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BusinessError, notFound } from '../../lib/errors';
import { imageTooLargeError } from '../../lib/images';
import { fileBytes, readParts } from '../../lib/multipart';
import { FaceSwapService } from './faceswap.service';
import { ok } from '../../lib/envelope';
import { requestLocale } from '../../lib/request-locale';
import type { PrivateFiles } from '../../lib/storage';
import { validate } from '../../lib/validate';
import { caller, TICKET_COOKIE } from '../../plugins/auth';
import type { JobQueue } from '../jobs/job-queue';
import type { SessionService } from '../session/session.service';
import type { ImagesService } from './images.service';
import type { PresetSamples } from './preset-samples';

/** POST /cgi-bin/auth/aigc/image, the status of any job, the history and sharing. */
export const imageRoutes: FastifyPluginAsync<{
  images: ImagesService;
  faceSwap: FaceSwapService;
  queue: JobQueue;
}> = async (app, { images, faceSwap, queue }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024 + 1, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
    throwFileSizeLimit: false,
  });

  app.post('/aigc/image', async (request) => {
    if (request.isMultipart()) {
      // Face swap (spec §7): multipart type=faceswap with the two photos and the consent.
      const fields: Record<string, string> = {};
      const files: Partial<Record<'base' | 'face', Buffer>> = {};
      for await (const part of readParts(request)) {
        if (part.type === 'file') {
          if (part.fieldname !== 'base' && part.fieldname !== 'face') {
            part.file.resume();
            throw new BusinessError(ErrorCode.INVALID_INPUT, 'unknown_field', { field: part.fieldname });
          }
          const bytes = await fileBytes(part);
          if (part.file.truncated) throw imageTooLargeError();
          files[part.fieldname] = bytes;
        } else {
          fields[part.fieldname] = String(part.value);
        }
      }
      if (fields.type !== 'faceswap')
        throw new BusinessError(ErrorCode.INVALID_INPUT, 'invalid_field', { field: 'type' });
      for (const name of ['base', 'face'] as const) {
        if (!files[name]?.length)
          throw new BusinessError(ErrorCode.INVALID_INPUT, 'missing_field', { field: name });
      }
      const baseFace = Number(fields.base_face ?? 0);
      return ok(
        await faceSwap.create(caller(request).user, {
          base: files.base!,
          face: files.face!,
          consent: fields.consent === 'true' || fields.consent === '1',
          baseFace: Number.isInteger(baseFace) && baseFace >= 0 && baseFace < 20 ? baseFace : 0,
          ip: request.ip,
        }),
      );
    }
    const body = validate(imageBodySchema, request.body);
    return ok(await images.create(caller(request).user, body));
  });

  app.get('/aigc/status', async (request) => {
    const { id } = validate(jobStatusQuerySchema, request.query);
    const { user } = caller(request);
    const job = await images.ownJob(user, id);
    const locale = requestLocale(request);
    return ok(
      await queue.status(job, {
        message: (key) => serverMessage(locale, key),
        results: (j) => ({
          ...images.statusResults(j, user),
          ...(j.kind === 'faceswap' ? FaceSwapService.statusExtras(j) : {}),
        }),
      }),
    );
  });

  app.get('/aigc/image/history', async (request) => {
    const { tool, before } = validate(imageHistoryQuerySchema, request.query);
    return ok({ items: await images.history(caller(request).user, tool, before) });
  });

  app.post('/aigc/image/share', async (request) => {
    const { id, index } = validate(shareBodySchema, request.body);
    return ok(await images.share(caller(request).user, id, index));
  });
};

/** Whether the visitor (if signed in) has adult content on; public pages work without a session. */
async function viewerNsfw(request: FastifyRequest, sessions: SessionService): Promise<boolean> {
  const ticket = request.cookies[TICKET_COOKIE];
  const found = ticket ? await sessions.authenticate(ticket) : undefined;
  return found?.user.enableNsfw ?? false;
}

/** The public share page's data and the explore gallery. */
export const publicImageRoutes: FastifyPluginAsync<{
  images: ImagesService;
  sessions: SessionService;
}> = async (app, { images, sessions }) => {
  app.get<{ Params: { id: string } }>('/share/:id', async (request) =>
    ok(await images.shared(request.params.id, await viewerNsfw(request, sessions))),
  );
  app.get('/explore', async (request) => {
    const { tool, page } = validate(exploreQuerySchema, request.query);
    return ok(await images.explore(tool, page, await viewerNsfw(request, sessions)));
  });
};

/**
 * GET /cgi-bin/presets/<id>.webp: a style's tile, public. A sample made by the image engine is
 * kept for a day and may be served stale for a week (it changes only with the engine or the
 * prompt); the drawing that stands in while it is missing, five minutes, so the sample replaces
 * it soon.
 */
export const presetSampleRoutes: FastifyPluginAsync<{ samples: PresetSamples }> = async (
  app,
  { samples },
) => {
  app.get<{ Params: { file: string } }>('/presets/:file', async (request, reply) => {
    const match = /^([a-z0-9-]{1,60})\.webp$/.exec(request.params.file);
    const sample = match ? await samples.sample(match[1]!) : undefined;
    // An unknown style answers in the envelope, like every /cgi-bin call.
    if (!sample) throw notFound();
    const engineMade = sample.source === 'engine';
    return reply
      .header(
        'cache-control',
        engineMade || !samples.real
          ? 'public, max-age=86400, stale-while-revalidate=604800'
          : 'public, max-age=300',
      )
      .header('x-style-sample', sample.source)
      .header('x-content-type-options', 'nosniff')
      .type('image/webp')
      .send(sample.bytes);
  });
};

/** GET /files/private/<key>?e=&s=: a private file, for whoever holds its signed URL. */
export const privateFileRoutes: FastifyPluginAsync<{ files: PrivateFiles; now: () => number }> = async (
  app,
  { files, now },
) => {
  app.get<{ Params: { '*': string }; Querystring: { e?: string; s?: string } }>(
    '/files/private/*',
    async (request, reply) => {
      const key = request.params['*'];
      if (!files.verify(key, request.query.e, request.query.s, now())) {
        return reply.code(403).type('text/plain').send('This link has expired or is not valid.');
      }
      const bytes = await files.storage.get(key);
      if (!bytes) return reply.code(404).type('text/plain').send('Not found');
      const type = key.endsWith('.webp')
        ? 'image/webp'
        : key.endsWith('.mp3')
          ? 'audio/mpeg'
          : key.endsWith('.wav')
            ? 'audio/wav'
            : 'application/octet-stream';
      return reply
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .type(type)
        .send(bytes);
    },
  );
};
