import { CHARACTER_ENDPOINTS } from './characters';
import { CHAT_ENDPOINTS } from './chat';
import { CONTENT_ENDPOINTS } from './content-endpoints';
import { IMAGE_ENDPOINTS } from './images';
import { REPORT_ENDPOINTS } from './reports';
import { SESSION_ENDPOINTS } from './session';
import { SPEECH_ENDPOINTS } from './speech';
import type { Endpoint } from './endpoint';

/**
 * Every call declared in the contract, by name. The server registers the routes from it and
 * serves it as OpenAPI (/cgi-bin/openapi.json). Zod schemas: pages never import this module.
 */
export const ENDPOINTS = {
  ...CHARACTER_ENDPOINTS,
  ...CHAT_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...IMAGE_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...SESSION_ENDPOINTS,
  ...SPEECH_ENDPOINTS,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
