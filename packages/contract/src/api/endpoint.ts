import { z } from 'zod';

/** Who may call: anyone, a visitor with a session (a tourist counts), or an admin. */
export type Access = 'public' | 'session' | 'admin';

/**
 * One call of the API, declared once: the server registers its route from this (validating the
 * request and serializing the answer by the schemas) and the OpenAPI document describes it.
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  /** The full path, `/cgi-bin/...`, with `:name` for path parameters. */
  path: `/cgi-bin/${string}`;
  /** One line for the reference. */
  summary: string;
  /** The reference's group. */
  tag: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  /** The envelope's `data` on success (`envelopeOf` wraps it). */
  response: z.ZodType;
  /** Answers with server-sent events when asked (Accept: text/event-stream); the schema is the JSON answer. */
  stream?: boolean;
  /**
   * Success is not the envelope but a file or page of this type (errors still are the envelope):
   * the audio a voice made, a character card, the page a provider sign-in comes back to.
   */
  answer?: { type: string; description: string };
  /**
   * Success is a redirect (302) to what this describes; errors are the envelope. With `answer`
   * too, success is either (the page a provider sign-in comes back to, or a redirect).
   */
  redirect?: string;
  /**
   * The answer is `response` itself, not the envelope, with the HTTP status the caller acts on:
   * the payment providers' notices, answered with the acknowledgement their retries read.
   */
  bare?: true;
  /**
   * Also takes multipart/form-data with these files (and text fields read by `upload.fields`,
   * or by `body` when it has none). Each file has its own limit.
   */
  upload?: {
    fields?: z.ZodType;
    files: Record<string, UploadFile>;
    /** Text fields allowed above the usual size (MULTIPART_OPTIONS' fieldSize), in bytes. */
    fieldBytes?: Record<string, number>;
  };
}

/** A file field of a multipart call. */
export interface UploadFile {
  /** Largest accepted size, in bytes. */
  maxBytes: number;
  /** What the file is, for the reference and for the error a too large one gets. */
  kind: 'image' | 'audio' | 'text' | 'card';
  /** The call refuses a request without it. */
  required?: boolean;
}

/** Declares an endpoint, keeping its schemas' own types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** The envelope every call answers with: `code` 0 and `data` on success. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data: data.nullable() });

/** A call that answers with no data. */
export const noData = z.null();
