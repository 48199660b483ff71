/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const explore = { method: 'GET', path: '/cgi-bin/explore' } as const;
export const imageCreate = { method: 'POST', path: '/cgi-bin/auth/aigc/image' } as const;
export const imageHistory = { method: 'GET', path: '/cgi-bin/auth/aigc/image/history' } as const;
export const imageShare = { method: 'POST', path: '/cgi-bin/auth/aigc/image/share' } as const;
export const imageShared = { method: 'GET', path: '/cgi-bin/share/:id' } as const;
export const jobStatus = { method: 'GET', path: '/cgi-bin/auth/aigc/status' } as const;
export const presetSample = { method: 'GET', path: '/cgi-bin/presets/:file' } as const;
