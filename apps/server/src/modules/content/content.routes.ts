import { CONTENT_ENDPOINTS as E, ErrorCode, type ContentDocument } from '@lumi/contract';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/endpoint';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { requestLocale } from '../../lib/request-locale';
import { LEGAL_SLUGS, type ContentLibrary } from './content-library';

const notFound = () => new BusinessError(ErrorCode.NOT_FOUND, 'not_found', {}, 404);

/** Public, cacheable reads of the blog and the legal pages, in the caller's language. */
export const contentRoutes: FastifyPluginAsync<{ content: ContentLibrary }> = async (app, { content }) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=300');
    reply.header('vary', 'x-locale, accept-language');
  });

  route(app, E.legalPage, async (request) => {
    const slug = LEGAL_SLUGS.find((s) => s === request.params.slug);
    const doc: ContentDocument | undefined = slug && content.legal(slug, requestLocale(request));
    if (!doc) throw notFound();
    return ok(doc);
  });

  route(app, E.blogList, async (request) => ok({ list: content.articles(requestLocale(request)) }));

  route(app, E.blogArticle, async (request) => {
    const doc = content.article(request.params.slug, requestLocale(request));
    if (!doc) throw notFound();
    return ok(doc);
  });
};
