import type { FastifyInstance } from 'fastify';
import { refuseBadInput } from '../lib/validate';

/**
 * One check for every API call, before its handler: the query, the path parameters and a
 * parsed body hold no text PostgreSQL refuses (NUL, a lone surrogate) and no nesting deep
 * enough to overflow the code that walks it. Raw bodies (the Stripe webhook's) are bytes and
 * pass; multipart fields are read later, and checked by `validate` or by their reader. Pages
 * and files outside /cgi-bin keep their own answers.
 */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!(request.routeOptions.url ?? request.url).startsWith('/cgi-bin/')) return;
    refuseBadInput(request.params);
    refuseBadInput(request.query);
    refuseBadInput(request.body);
  });
}
