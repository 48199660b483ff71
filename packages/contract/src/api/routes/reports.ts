/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const reportAction = { method: 'POST', path: '/cgi-bin/admin/report/action' } as const;
export const reportCreate = { method: 'POST', path: '/cgi-bin/auth/report/create' } as const;
export const reportLog = { method: 'GET', path: '/cgi-bin/admin/report/log' } as const;
export const reportQueue = { method: 'GET', path: '/cgi-bin/admin/report/list' } as const;
export const safetyCounts = { method: 'GET', path: '/cgi-bin/admin/safety/counts' } as const;
