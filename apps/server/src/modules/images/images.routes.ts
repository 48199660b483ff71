import { IMAGE_ENDPOINTS as E, type JobStatus } from '@lumi/contract';
import type { JobRow } from '../../db/schema';
import { serverMessage } from '../../i18n';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route, uploadOf } from '../../lib/endpoint';
import { notFound } from '../../lib/errors';
import { MULTIPART_OPTIONS } from '../../lib/multipart';
import { FaceSwapService } from './faceswap.service';
import { ok } from '../../lib/envelope';
import { requestLocale } from '../../lib/request-locale';
import type { PrivateFiles } from '../../lib/storage';
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
  /** A speech job's audio (a reply read aloud polls this call too). */
  speechAudio: (job: JobRow) => Partial<JobStatus>;
}> = async (app, { images, faceSwap, queue, speechAudio }) => {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);

  route(app, E.imageCreate, async (request) => {
    // Face swap (spec §7): multipart type=faceswap with the two photos and the consent.
    const upload = uploadOf(request, E.imageCreate);
    if (upload) {
      const { fields, files } = upload;
      return ok(
        await faceSwap.create(caller(request).user, {
          base: files.base!,
          face: files.face!,
          consent: fields.consent,
          baseFace: fields.base_face,
          ip: request.ip,
        }),
      );
    }
    return ok(await images.create(caller(request).user, request.body));
  });

  route(app, E.jobStatus, async (request) => {
    const { user } = caller(request);
    const job = await images.ownJob(user, request.query.id);
    const locale = requestLocale(request);
    return ok(
      await queue.status(job, {
        message: (key) => serverMessage(locale, key),
        results: (j) => ({
          ...images.statusResults(j, user),
          ...(j.kind === 'faceswap' ? FaceSwapService.statusExtras(j) : {}),
          ...speechAudio(j),
        }),
      }),
    );
  });

  route(app, E.imageHistory, async (request) => {
    const { tool, before } = request.query;
    return ok({ items: await images.history(caller(request).user, tool, before) });
  });

  route(app, E.imageShare, async (request) =>
    ok(await images.share(caller(request).user, request.body.id, request.body.index)),
  );
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
  route(app, E.imageShared, async (request) =>
    ok(await images.shared(request.params.id, await viewerNsfw(request, sessions))),
  );
  route(app, E.explore, async (request) => {
    const { tool, page } = request.query;
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
  route(app, E.presetSample, async (request, reply) => {
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
