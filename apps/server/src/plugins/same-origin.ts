import { CHAT_ENDPOINTS, ErrorCode, PAYMENT_ENDPOINTS } from '@lumi/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusinessError } from '../lib/errors';

/** Calls that change something although they are GETs (spec §7): a cross-site link must not run them. */
export const STATE_CHANGING_GETS = new Set<string>([
  PAYMENT_ENDPOINTS.cancelSubscription.path,
  CHAT_ENDPOINTS.chatRestart.path,
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin of a header value, or undefined when it is not a URL. */
function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request comes from a page of this site (or from no page at all: a script, an app, a
 * provider's server). Browsers say where a request comes from in Sec-Fetch-Site; older ones only
 * in Origin (or Referer). `same-site` is refused too: a sibling subdomain is not this site.
 */
export function isSameOrigin(request: FastifyRequest, siteOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return fetchSite === 'same-origin' || fetchSite === 'none';
  const from = request.headers.origin ?? request.headers.referer;
  if (typeof from !== 'string') return true;
  const origin = originOf(from);
  if (!origin) return false;
  if (origin === siteOrigin) return true;
  // Served under another name than PUBLIC_URL (a local port, a second host): the host it was asked for.
  return originOf(`${request.protocol}://${request.headers.host ?? ''}`) === origin;
}

/**
 * Login CSRF and cross-site request forgery: every state-changing call under /cgi-bin (every
 * POST, POST /cgi-bin/login included, and the two state-changing GETs) is refused when another
 * site's page sends it. Provider notices (webhooks) are not browsers' requests and are verified
 * by signature instead.
 */
export function registerSameOrigin(app: FastifyInstance, options: { publicUrl: string }): void {
  const siteOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL: `/cgi-bin/auth/character_msg/%63lear` is `clear` too.
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    if (!path.startsWith('/cgi-bin/') || path.startsWith('/cgi-bin/webhooks/')) return;
    if (SAFE_METHODS.has(request.method) && !STATE_CHANGING_GETS.has(path)) return;
    if (isSameOrigin(request, siteOrigin)) return;
    request.log.warn(
      { fetchSite: request.headers['sec-fetch-site'], origin: request.headers.origin },
      'cross-site request refused',
    );
    throw new BusinessError(ErrorCode.FORBIDDEN, 'cross_site', {}, 403);
  });
}
