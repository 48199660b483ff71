import { SESSION_ENDPOINTS as E } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { caller } from '../../plugins/auth';
import type { CreditsService } from './credits.service';

export const creditsRoutes: FastifyPluginAsync<{ credits: CreditsService }> = async (app, { credits }) => {
  route(app, E.creditRemain, async (request) => ok(await credits.balance(caller(request).user.id)));
};
