/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const adminCharacterAll = { method: 'POST', path: '/cgi-bin/admin/character/all' } as const;
export const adminCharacterApprove = { method: 'POST', path: '/cgi-bin/admin/character/approve' } as const;
export const browseDelete = { method: 'POST', path: '/cgi-bin/auth/character_browse/delete' } as const;
export const browseList = { method: 'GET', path: '/cgi-bin/auth/character_browse/list' } as const;
export const characterApproveList = { method: 'GET', path: '/cgi-bin/auth/character/approve-list' } as const;
export const characterBook = { method: 'GET', path: '/cgi-bin/auth/character/book' } as const;
export const characterCard = { method: 'GET', path: '/cgi-bin/auth/character/card' } as const;
export const characterCreate = { method: 'POST', path: '/cgi-bin/auth/character/create' } as const;
export const characterDelete = { method: 'POST', path: '/cgi-bin/auth/character/delete' } as const;
export const characterGet = { method: 'GET', path: '/cgi-bin/auth/character/get' } as const;
export const characterList = { method: 'GET', path: '/cgi-bin/auth/character/list' } as const;
export const characterMine = { method: 'GET', path: '/cgi-bin/auth/character/my' } as const;
export const characterModify = { method: 'POST', path: '/cgi-bin/auth/character/modify' } as const;
export const characterRate = { method: 'POST', path: '/cgi-bin/auth/character/ratings' } as const;
export const characterSearch = { method: 'GET', path: '/cgi-bin/auth/character/list-search' } as const;
export const collectAdd = { method: 'POST', path: '/cgi-bin/auth/collect/add' } as const;
export const collectDelete = { method: 'POST', path: '/cgi-bin/auth/collect/delete' } as const;
export const collectList = { method: 'GET', path: '/cgi-bin/auth/collect/list' } as const;
