import { ACCOUNT_ENDPOINTS } from './accounts';
import { CHARACTER_ENDPOINTS } from './characters';
import { CHAT_ENDPOINTS } from './chat';
import { CONTENT_ENDPOINTS } from './content-endpoints';
import { PAYMENT_ENDPOINTS } from './payments';
import { REPORT_ENDPOINTS } from './reports';
import { SESSION_ENDPOINTS } from './session';
import type { Endpoint } from './endpoint';

/**
 * Every call declared in the contract, by name. The server registers the routes from it and
 * serves it as OpenAPI (/cgi-bin/openapi.json). Zod schemas: pages never import this module.
 */
export const ENDPOINTS = {
  ...ACCOUNT_ENDPOINTS,
  ...CHARACTER_ENDPOINTS,
  ...CHAT_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...PAYMENT_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...SESSION_ENDPOINTS,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
