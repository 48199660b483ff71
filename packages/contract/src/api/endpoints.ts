import { ACCOUNT_ENDPOINTS } from './accounts';
import { CHARACTER_ENDPOINTS } from './characters';
import { CHAT_ENDPOINTS } from './chat';
import { CONTENT_ENDPOINTS } from './content-endpoints';
import { IMAGE_ENDPOINTS } from './images';
import { PAYMENT_ENDPOINTS } from './payments';
import { OPERATOR_ENDPOINTS } from './operator';
import { PICTURE_ENDPOINTS } from './pictures';
import { REPORT_ENDPOINTS } from './reports';
import { SESSION_ENDPOINTS } from './session';
import { SPEECH_ENDPOINTS } from './speech';
import type { Endpoint } from './endpoint';
import type * as API from './routes';

/**
 * Every call declared in the contract, by name. The server registers the routes from it and
 * serves it as OpenAPI (/cgi-bin/openapi.json). Zod schemas: pages never import this module.
 */
export const ENDPOINTS = {
  ...ACCOUNT_ENDPOINTS,
  ...CHARACTER_ENDPOINTS,
  ...CHAT_ENDPOINTS,
  ...CONTENT_ENDPOINTS,
  ...IMAGE_ENDPOINTS,
  ...OPERATOR_ENDPOINTS,
  ...PAYMENT_ENDPOINTS,
  ...PICTURE_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...SESSION_ENDPOINTS,
  ...SPEECH_ENDPOINTS,
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** A call's place, as api/routes.ts gives it to the web. */
export interface Route {
  method: 'GET' | 'POST';
  path: string;
}

/** The endpoint of the table at a route: its schemas' types, for a client that holds only the route. */
export type EndpointAt<R extends Route> = Extract<
  (typeof ENDPOINTS)[EndpointName],
  { method: R['method']; path: R['path'] }
>;

// The table and the routes name the same calls, at the same places.
type Places<T> = { [K in keyof T]: T[K] extends Route ? Pick<T[K], 'method' | 'path'> : never };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const samePlaces: Same<Places<typeof ENDPOINTS>, Places<typeof API>> = true;
void samePlaces;
