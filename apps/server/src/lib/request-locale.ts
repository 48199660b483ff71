import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from '@lumi/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The language of a request's messages: the page sends its locale in `x-locale`; other clients
 * get their Accept-Language, then English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  const explicit = request.headers['x-locale'];
  if (isLocale(explicit)) return explicit;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}
