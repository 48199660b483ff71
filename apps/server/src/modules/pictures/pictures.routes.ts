import { PICTURE_ENDPOINTS as E } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/endpoint';
import { caller } from '../../plugins/auth';
import type { PicturesService } from './pictures.service';

/** A character's pictures (issue 22): asked for in a chat, shared to the character's page. */
export const pictureRoutes: FastifyPluginAsync<{ pictures: PicturesService }> = async (app, { pictures }) => {
  route(app, E.chatPicture, async (request) => ok(await pictures.ask(caller(request).user, request.body)));
  route(app, E.chatPictures, async (request) =>
    ok(await pictures.list(caller(request).user, request.query.conversationId)),
  );
  route(app, E.chatPictureShare, async (request) =>
    ok(await pictures.share(caller(request).user, request.body.id)),
  );
  route(app, E.characterPictures, async (request) =>
    ok(await pictures.ofCharacter(caller(request).user, request.query.id, request.query.page)),
  );
};
