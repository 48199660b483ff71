/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const blogArticle = { method: 'GET', path: '/cgi-bin/content/blog/:slug' } as const;
export const blogList = { method: 'GET', path: '/cgi-bin/content/blog' } as const;
export const legalPage = { method: 'GET', path: '/cgi-bin/content/legal/:slug' } as const;
