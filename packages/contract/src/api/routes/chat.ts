/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const chatBranch = { method: 'POST', path: '/cgi-bin/auth/character_msg/branch' } as const;
export const chatBranches = { method: 'GET', path: '/cgi-bin/auth/character_msg/branches' } as const;
export const chatDelete = { method: 'POST', path: '/cgi-bin/auth/character_msg/delete' } as const;
export const chatGroup = { method: 'POST', path: '/cgi-bin/auth/character_msg/group' } as const;
export const chatGroups = { method: 'GET', path: '/cgi-bin/auth/character_msg/groups' } as const;
export const chatEdit = { method: 'POST', path: '/cgi-bin/auth/character_msg/edit' } as const;
export const chatMemory = { method: 'POST', path: '/cgi-bin/auth/character_msg/memory' } as const;
export const chatMessages = { method: 'GET', path: '/cgi-bin/auth/character_msg/list' } as const;
export const chatOpen = { method: 'POST', path: '/cgi-bin/auth/character_msg/add' } as const;
export const chatPersona = { method: 'POST', path: '/cgi-bin/auth/character_msg/persona' } as const;
export const chatRestart = { method: 'GET', path: '/cgi-bin/auth/character_msg/clear' } as const;
export const chatSend = { method: 'POST', path: '/cgi-bin/auth/aigc/text' } as const;
export const chatSwitch = { method: 'POST', path: '/cgi-bin/auth/character_msg/switch' } as const;
export const chatSwipe = { method: 'POST', path: '/cgi-bin/auth/character_msg/swipe' } as const;
