/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const creditRemain = { method: 'GET', path: '/cgi-bin/auth/credit/remain' } as const;
export const login = { method: 'POST', path: '/cgi-bin/login' } as const;
export const logout = { method: 'POST', path: '/cgi-bin/auth/logout' } as const;
export const userInfo = { method: 'GET', path: '/cgi-bin/auth/user/info' } as const;
