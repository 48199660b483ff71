import fastifyMultipart from '@fastify/multipart';
import { CHARACTER_ENDPOINTS as E } from '@lumi/contract';
import type { FastifyPluginAsync, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { guardScope, route, uploadOf } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { MULTIPART_OPTIONS } from '../../lib/multipart';
import { caller } from '../../plugins/auth';
import type { CharactersService } from './characters.service';

/** Create, modify and card export may take a while on a slow phone upload (spec §9). */
const LONG_TIMEOUT_MS = 200_000;

export const characterRoutes: FastifyPluginAsync<{
  characters: CharactersService;
  /** The admin hook (plugins/admin.ts), for the one admin call under /auth. */
  adminOnly: onRequestAsyncHookHandler;
}> = async (app, { characters, adminOnly }) => {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);

  const user = (request: FastifyRequest) => caller(request).user;

  route(app, E.characterList, async (request) => ok(await characters.list(user(request), request.query)));

  route(app, E.characterSearch, async (request) => {
    const q = request.query;
    return ok(await characters.search(user(request), q.query, q.page, q.page_size));
  });

  route(app, E.characterGet, async (request) =>
    ok(await characters.get(user(request), request.query.id, request.query.from === 'chat')),
  );

  route(app, E.characterMine, async (request) =>
    ok(await characters.mine(user(request), request.query.page, request.query.page_size)),
  );

  // The same form comes as multipart with the avatar and a card, or url-encoded or JSON without files.
  route(
    app,
    E.characterCreate,
    async (request) =>
      ok(
        await characters.create(
          user(request),
          request.body,
          uploadOf(request, E.characterCreate)?.files ?? {},
        ),
      ),
    { handlerTimeout: LONG_TIMEOUT_MS },
  );

  route(
    app,
    E.characterModify,
    async (request) =>
      ok(
        await characters.modify(
          user(request),
          request.body,
          uploadOf(request, E.characterModify)?.files ?? {},
        ),
      ),
    { handlerTimeout: LONG_TIMEOUT_MS },
  );

  route(app, E.characterDelete, async (request) => {
    await characters.remove(user(request), request.body.id);
    return ok(null);
  });

  route(app, E.characterRate, async (request) =>
    ok(await characters.rate(user(request), request.body.id, request.body.rating)),
  );

  route(app, E.characterBook, async (request) => ok(await characters.book(user(request), request.query.id)));

  route(
    app,
    E.characterCard,
    async (request, reply) => {
      const card = await characters.exportCard(user(request), request.query.id);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(card.filename)}`)
        .send(Buffer.from(card.png));
    },
    { handlerTimeout: LONG_TIMEOUT_MS },
  );

  route(app, E.collectAdd, async (request) => {
    await characters.collect(user(request), request.body.characterId);
    return ok(null);
  });

  route(app, E.collectDelete, async (request) => ok(await characters.uncollect(user(request), request.body)));

  route(app, E.collectList, async (request) =>
    ok(await characters.collects(user(request), request.query.page, request.query.page_size)),
  );

  route(app, E.browseList, async (request) => ok(await characters.browses(user(request))));

  route(app, E.browseDelete, async (request) =>
    ok(await characters.deleteBrowses(user(request), request.body)),
  );

  // The one admin call under /auth (spec §7), behind the admin hook like the /admin scope.
  await app.register(async (admin) => {
    guardScope(admin, 'admin', adminOnly);
    route(admin, E.characterApproveList, async (request) =>
      ok(await characters.approveList(user(request), request.query.page, request.query.page_size)),
    );
  });
};

/**
 * /cgi-bin/admin/*: the admin scope's hook lets only admins in (app.ts); refused on the hosts
 * where management is blocked.
 */
export const adminCharacterRoutes: FastifyPluginAsync<{
  characters: CharactersService;
}> = async (app, { characters }) => {
  route(app, E.adminCharacterAll, async (request) =>
    ok(await characters.adminAll(caller(request).user, request.body)),
  );

  route(app, E.adminCharacterApprove, async (request) =>
    ok(await characters.approve(caller(request).user, request.body.id, request.body.approval)),
  );
};
