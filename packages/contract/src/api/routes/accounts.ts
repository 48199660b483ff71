/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const emailStart = { method: 'POST', path: '/cgi-bin/login/email/start' } as const;
export const emailVerify = { method: 'POST', path: '/cgi-bin/login/email/verify' } as const;
export const oauthCallback = { method: 'GET', path: '/cgi-bin/login/oauth/:provider/callback' } as const;
export const oauthProviders = { method: 'GET', path: '/cgi-bin/login/oauth' } as const;
export const oauthStart = { method: 'GET', path: '/cgi-bin/login/oauth/:provider' } as const;
export const userDelete = { method: 'POST', path: '/cgi-bin/auth/user/delete' } as const;
export const userUpdate = { method: 'POST', path: '/cgi-bin/auth/user/update' } as const;
