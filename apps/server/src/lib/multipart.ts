import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';

/** The code of MalformedMultipart, for the error handler. */
export const MALFORMED_MULTIPART = 'LUMI_MALFORMED_MULTIPART';

/**
 * A multipart body the parser could not read: no boundary, a wrong one, cut short, a malformed
 * part. busboy raises these as plain Errors with nothing but a message, so they are given a
 * class and a code here, where they come out of the parser; the error handler answers 400.
 */
export class MalformedMultipart extends Error {
  override name = 'MalformedMultipart';
  readonly code = MALFORMED_MULTIPART;
  readonly statusCode = 400;
  constructor(cause: unknown) {
    super('the multipart body could not be read', { cause });
  }
}

/**
 * What the multipart parser raised, as the request's fault: @fastify/multipart's own errors
 * carry their status (limits are 413) and stay as they are; busboy's plain ones become
 * MalformedMultipart.
 */
function bodyError(err: unknown): unknown {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? err : new MalformedMultipart(err);
}

/** `request.parts()`, its parse errors as MalformedMultipart. */
export async function* readParts(request: FastifyRequest): AsyncGenerator<Multipart, void, undefined> {
  const parts = request.parts();
  try {
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (err) {
        throw bodyError(err);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    // As a for-await loop over request.parts() would, when the reader stops early.
    await parts.return?.(undefined);
  }
}

/** A file part's bytes; a part the body cuts short is a MalformedMultipart. */
export async function fileBytes(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (err) {
    throw bodyError(err);
  }
}

/** A file part's chunks, to stream it on; a part the body cuts short is a MalformedMultipart. */
export async function* fileChunks(part: MultipartFile): AsyncGenerator<Buffer, void, undefined> {
  const chunks = part.file[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = (await chunks.next()) as IteratorResult<Buffer>;
      } catch (err) {
        throw bodyError(err);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await chunks.return?.();
  }
}
