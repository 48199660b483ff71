/**
 * Where these calls live: method and path, without schemas, so that the web calls by them
 * (`import * as API from '@lumi/contract/api-routes/<group>'`, then `call(API.x, ...)`,
 * lib/api-client.ts) without loading zod, each group in the chunk of the pages that use it.
 * Their endpoints in api/<group>.ts spread these; api/endpoints.ts holds the two to the same names.
 */
export const messageSpeech = { method: 'POST', path: '/cgi-bin/auth/character_msg/speech' } as const;
export const speechHistory = { method: 'GET', path: '/cgi-bin/auth/aigc/speech/history' } as const;
export const textToSpeech = { method: 'POST', path: '/cgi-bin/auth/aigc/speech/text-to-speech' } as const;
export const voiceClone = { method: 'POST', path: '/cgi-bin/auth/aigc/speech/custom' } as const;
export const voicePreview = { method: 'GET', path: '/cgi-bin/speech/preview/:voiceId' } as const;
export const voices = { method: 'GET', path: '/cgi-bin/auth/aigc/speech/voices' } as const;
