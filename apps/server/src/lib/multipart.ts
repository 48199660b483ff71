import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ErrorCode, type UploadFile } from '@lumi/contract';
import type { FastifyRequest } from 'fastify';
import { BusinessError } from './errors';
import { imageTooLargeError } from './images';
import { refuseBadInput } from './validate';

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

/** `request.parts()`, its parse errors as MalformedMultipart; `fieldSize` raises the parser's cap. */
export async function* readParts(
  request: FastifyRequest,
  fieldSize?: number,
): AsyncGenerator<Multipart, void, undefined> {
  const parts = request.parts(fieldSize === undefined ? undefined : { limits: { fieldSize } });
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

/** An upload streamed to a temporary file (audio: up to hundreds of MB), removed after the answer. */
export interface SavedFile {
  path: string;
  size: number;
}

/** A multipart call's files by field: audio saved to a temporary file, the rest as bytes. */
export type UploadedFiles<K extends string = string> = Partial<Record<K, Buffer | SavedFile>>;

const UPLOAD_DIR = path.join(os.tmpdir(), 'lumi-uploads');

class TooLarge extends Error {}

/** The error a file over its limit gets, by what it is. */
function tooLargeError(spec: UploadFile): BusinessError {
  if (spec.kind === 'image') return imageTooLargeError();
  if (spec.kind === 'audio') {
    return new BusinessError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      'audio_too_large',
      { mb: String(Math.round(spec.maxBytes / 1024 / 1024)) },
      413,
    );
  }
  return new BusinessError(ErrorCode.PAYLOAD_TOO_LARGE, 'payload_too_large', {}, 413);
}

/** Passes chunks on, failing with TooLarge as soon as more than `limit` bytes went through. */
const limiter = (limit: number) => {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) done(new TooLarge());
      else done(null, chunk);
    },
  });
};

/** Reads one file part within its limit: to memory, or (audio) to a temporary file. */
async function readFile(part: MultipartFile, spec: UploadFile): Promise<Buffer | SavedFile> {
  const toDisk = spec.kind === 'audio';
  const file = toDisk ? path.join(UPLOAD_DIR, randomUUID()) : '';
  const chunks: Buffer[] = [];
  try {
    if (toDisk) {
      await fs.promises.mkdir(UPLOAD_DIR, { recursive: true });
      await pipeline(fileChunks(part), limiter(spec.maxBytes), fs.createWriteStream(file));
    } else {
      await pipeline(fileChunks(part), limiter(spec.maxBytes), async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) chunks.push(chunk);
      });
    }
    // The parser's own cap (the largest file any call takes) cut it short.
    if (part.file.truncated) throw new TooLarge();
  } catch (err) {
    if (toDisk) await fs.promises.rm(file, { force: true });
    part.file.resume();
    throw err instanceof TooLarge ? tooLargeError(spec) : err;
  }
  if (!toDisk) return Buffer.concat(chunks);
  return { path: file, size: (await fs.promises.stat(file)).size };
}

/**
 * Reads a multipart request as `files` declares it: each file within its own limit (an empty
 * image or card counts as not sent), a file field it does not declare refused by name, and the
 * text fields as given, checked for text no field may hold. `track` gets the files object first,
 * so that the temporary files are removed even when the reading fails half-way. `fieldBytes`
 * lets named text fields (a lorebook's JSON) above the usual size; a text field over its size is
 * refused (413) rather than read cut short.
 */
export async function readUpload(
  request: FastifyRequest,
  files: Record<string, UploadFile>,
  track: (files: UploadedFiles) => void,
  fieldBytes: Record<string, number> = {},
): Promise<{ fields: Record<string, string>; files: UploadedFiles }> {
  const read: UploadedFiles = {};
  track(read);
  const fields: Record<string, string> = {};
  const usual = MULTIPART_OPTIONS.limits.fieldSize;
  const largest = Math.max(usual, ...Object.values(fieldBytes));
  for await (const part of readParts(request, largest > usual ? largest : undefined)) {
    if (part.type === 'file') {
      const spec = Object.hasOwn(files, part.fieldname) ? files[part.fieldname] : undefined;
      if (!spec) {
        part.file.resume();
        throw new BusinessError(ErrorCode.INVALID_INPUT, 'unknown_field', { field: part.fieldname });
      }
      const file = await readFile(part, spec);
      if (!Buffer.isBuffer(file) || file.byteLength > 0) read[part.fieldname] = file;
    } else {
      const value = typeof part.value === 'string' ? part.value : String(part.value);
      const limit = Object.hasOwn(fieldBytes, part.fieldname) ? (fieldBytes[part.fieldname] ?? usual) : usual;
      if (part.valueTruncated || Buffer.byteLength(value) > limit)
        throw new BusinessError(ErrorCode.PAYLOAD_TOO_LARGE, 'payload_too_large', {}, 413);
      fields[part.fieldname] = value;
    }
  }
  refuseBadInput(fields);
  return { fields, files: read };
}

/** The first required file `files` lacks, by its field name. */
export function missingFile(spec: Record<string, UploadFile>, files: UploadedFiles): string | undefined {
  return Object.entries(spec).find(([name, file]) => file.required && !files[name])?.[0];
}

/** Removes an upload's temporary files. */
export async function removeSaved(files: UploadedFiles): Promise<void> {
  const saved = Object.values(files).filter((file): file is SavedFile => !!file && !Buffer.isBuffer(file));
  await Promise.all(saved.map((file) => fs.promises.rm(file.path, { force: true })));
}

/**
 * The multipart parser's own caps, the same for every call that takes files: each call's
 * `upload` in the contract sets each file's limit, which `readUpload` holds it to; these only
 * bound what any call could take (the largest file is a 200 MB script to clone a voice).
 */
export const MULTIPART_OPTIONS = {
  limits: {
    fileSize: 200 * 1024 * 1024 + 1,
    files: 2,
    fields: 40,
    fieldSize: 64 * 1024,
    parts: 42,
  },
  throwFileSizeLimit: false,
};
