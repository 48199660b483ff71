import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { defaultWebDistDir } from '../paths';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets every security header on an answer made outside the hooks (answerFrameworkError). */
    securityHeaders(request: FastifyRequest, reply: FastifyReply): void;
  }
  interface FastifyReply {
    /**
     * A fresh nonce that this answer's Content-Security-Policy allows in script-src: the one way
     * for a page the server writes itself (the sign-in popup's callback) to run an inline script,
     * as `<script nonce="…">`. Call it before sending the page.
     */
    scriptNonce(): string;
  }
}

export interface SecurityHeadersOptions {
  /** The built site: the inline scripts of its index.html are allowed by their hash. */
  distDir: string;
  /** Where browsers load public files when they are not on this site (S3_PUBLIC_URL or the bucket). */
  publicFilesUrl?: string | undefined;
  /** Whether a sign-in provider is on: its profile pictures come from its own servers, any https host. */
  providerPictures: boolean;
  /**
   * Path prefix of the pages the sign-in popup shows (its start redirect and its callback): they
   * keep no Cross-Origin-Opener-Policy, so the popup still has its opener after the provider.
   */
  popupPrefix: string;
}

/** Where the sign-in popup's pages are (accounts.routes.ts, oauthRoutes under /cgi-bin). */
const POPUP_PREFIX = '/cgi-bin/login/oauth/';

/** The options from the configuration: the built site, the bucket's address, sign-in providers. */
export function securityHeadersOptions(config: Config): SecurityHeadersOptions {
  return {
    distDir: config.webDistDir ?? defaultWebDistDir(),
    publicFilesUrl: config.s3?.publicUrl,
    providerPictures: config.oauth.length > 0,
    popupPrefix: POPUP_PREFIX,
  };
}

/** The bytes a browser hashes for a CSP: the text between an inline script's tags. */
const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * Hashes of the inline scripts the browser runs in the built index.html (the paint-first loader
 * of vite.config.ts). Data blocks (`type="application/json"`, as web.ts adds) are never run, so
 * the policy does not apply to them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(cspHash(text));
  }
  return hashes;
}

/**
 * The public files' address as a CSP source: its origin and path, so a bucket on a shared
 * endpoint (path-style S3) allows that bucket only. `;` and `,` would end a directive or policy.
 */
export function filesSource(url: string): string {
  const { origin, pathname } = new URL(url);
  return `${origin}${pathname.replace(/\/*$/, '/')}`.replace(/[;,]/g, encodeURIComponent);
}

/** The Content-Security-Policy directives of every answer. */
export function cspDirectives(options: {
  scriptHashes: readonly string[];
  publicFilesUrl?: string | undefined;
  providerPictures: boolean;
}): Record<string, string[]> {
  const files = options.publicFilesUrl ? [filesSource(options.publicFilesUrl)] : [];
  return {
    'default-src': ["'self'"],
    // No 'unsafe-inline', no 'unsafe-eval' and no WebAssembly: the built bundles and the
    // paint-first loader (by its hash) are all the site runs.
    'script-src': ["'self'", ...options.scriptHashes],
    'script-src-attr': ["'none'"],
    // Inline styles stay allowed: sonner (toasts) and Radix's scroll lock (react-remove-scroll)
    // insert <style> elements, the latter with a size measured at run time (no hash can name it).
    // docs/security-headers.md weighs it.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars and pictures: our files, previews the page makes (blob:, data:), the bucket, and
    // sign-in providers' profile pictures when a provider is on.
    'img-src': ["'self'", 'data:', 'blob:', ...files, ...(options.providerPictures ? ['https:'] : [])],
    // Recordings and generated speech play from blob: URLs, our files or the bucket.
    'media-src': ["'self'", 'blob:', ...files],
    // The API is on this site; downloads fetch a picture from wherever it is kept; a recording or
    // a generated audio may be read back by its blob: URL (only ever this page's own data).
    'connect-src': ["'self'", 'blob:', ...files],
    'font-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * What a browser may use, per feature: the microphone for this site alone (voice cloning
 * records), the rest of the powerful ones for no one.
 */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'xr-spatial-tracking=()',
  'idle-detection=()',
  'browsing-topics=()',
].join(', ');

/** Two years, as browsers' preload lists ask; every subdomain must answer https as well. */
const HSTS = 'max-age=63072000; includeSubDomains';

/** Helmet's headers: the CSP above, and the rest set for this site. */
function helmetOptions(directives: Record<string, string[]>) {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // The Google/Facebook popup posts back to window.opener: 'same-origin' would cut the popup
    // off its opener; this keeps popups we open and still cuts off any other site that opens us.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    // Other sites (a payment provider, a sign-in provider) learn our origin, never a path: a
    // chat's code, a search, a signed file URL. 'no-referrer' would also send `Origin: null` on
    // our own POSTs, which the cross-site check reads.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only on https answers (below).
    strictTransportSecurity: false,
  } as const;
}

/**
 * Security headers on every answer (pages, built files, files, API, errors, 404s, redirects),
 * from @fastify/helmet's onRequest hook, so it is registered before any hook that may answer on
 * its own (the https redirect, rate limits, cross-site refusals). docs/security-headers.md
 * explains each header.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const scriptHashes = fs.existsSync(indexFile) ? inlineScriptHashes(fs.readFileSync(indexFile, 'utf8')) : [];
  const directives = cspDirectives({ ...options, scriptHashes });
  await app.register(fastifyHelmet, helmetOptions(directives));

  /** What helmet does not set, or sets the same for every request. */
  const perRequest = (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // The popup goes from here to the provider and back: with any policy here the browser would
    // put the popup in a new group on its way back, and window.opener would be gone.
    if (request.url.startsWith(options.popupPrefix))
      reply.header('cross-origin-opener-policy', 'unsafe-none');
  };
  app.addHook('onRequest', async (request, reply) => perRequest(request, reply));

  // For answers Fastify makes before any hook runs (answerFrameworkError).
  const helmetHeaders = helmet(helmetOptions(directives));
  app.decorate('securityHeaders', (request: FastifyRequest, reply: FastifyReply) => {
    helmetHeaders(request.raw, reply.raw, () => undefined);
    perRequest(request, reply);
  });

  app.decorateReply('scriptNonce', function scriptNonce(this: FastifyReply): string {
    const nonce = randomBytes(18).toString('base64');
    const policy = fastifyHelmet.contentSecurityPolicy({
      useDefaults: false,
      directives: { ...directives, 'script-src': [...(directives['script-src'] ?? []), `'nonce-${nonce}'`] },
    });
    policy(this.request.raw, this.raw, () => undefined);
    return nonce;
  });
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`/%zz`) is answered before any hook runs,
 * so this one gives it the security headers and hands it to the app's error handler (a 400
 * envelope, like any bad request).
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.server.securityHeaders(request, reply);
  request.server.errorHandler(error, request, reply);
}
