import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { caller } from '../../plugins/auth';
import type { CreditsService } from './credits.service';

export const creditsRoutes: FastifyPluginAsync<{ credits: CreditsService }> = async (app, { credits }) => {
  app.get('/credit/remain', async (request) => ok(await credits.balance(caller(request).user.id)));
};
