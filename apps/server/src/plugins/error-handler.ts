import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  DEFAULT_LOCALE,
  ErrorCode,
  NO_SESSION_MESSAGE,
  type Envelope,
  type MessageKey,
} from '@lumi/contract';
import { serverMessage } from '../i18n';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../lib/errors';
import { MALFORMED_MULTIPART } from '../lib/multipart';
import { requestLocale } from '../lib/request-locale';

/** Errors the framework raises before a handler runs, mapped to what the user should read. */
const FRAMEWORK_ERRORS: Record<string, { code: number; key: MessageKey; status: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'payload_too_large', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
    key: 'unsupported_media_type',
    status: 415,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ErrorCode.INVALID_INPUT, key: 'invalid_input', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCode.INVALID_INPUT, key: 'invalid_input', status: 400 },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ErrorCode.INVALID_INPUT, key: 'invalid_input', status: 400 },
  FST_ERR_HANDLER_TIMEOUT: { code: ErrorCode.SERVICE_BUSY, key: 'service_busy', status: 503 },
  // @fastify/multipart's limits (parts, files, fields, file size), and what busboy cannot read.
  FST_PARTS_LIMIT: { code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'payload_too_large', status: 413 },
  FST_FILES_LIMIT: { code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'payload_too_large', status: 413 },
  FST_FIELDS_LIMIT: { code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'payload_too_large', status: 413 },
  FST_REQ_FILE_TOO_LARGE: { code: ErrorCode.PAYLOAD_TOO_LARGE, key: 'payload_too_large', status: 413 },
  [MALFORMED_MULTIPART]: { code: ErrorCode.INVALID_INPUT, key: 'invalid_input', status: 400 },
};

export function sendEnvelope(reply: FastifyReply, status: number, body: Envelope): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * The one error handler. Business errors become their code and translated message; errors the
 * framework raises for bad requests keep their HTTP status; anything unexpected is logged with
 * the request id and answered with a generic message, never a stack.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | BusinessError>((error, request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request);
    if (error instanceof BusinessError) {
      const message =
        error.code === ErrorCode.NO_SESSION
          ? NO_SESSION_MESSAGE
          : serverMessage(locale, error.key, error.params);
      return sendEnvelope(reply, error.status, { code: error.code, message, data: null });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'request refused');
      return sendEnvelope(reply, known.status, {
        code: known.code,
        message: serverMessage(locale, known.key),
        data: null,
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendEnvelope(reply, 429, {
        code: ErrorCode.TOO_FREQUENT,
        message: serverMessage(locale, 'too_frequent'),
        data: null,
      });
    }
    if (status >= 400 && status < 500) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'bad request');
      return sendEnvelope(reply, status, {
        code: ErrorCode.INVALID_INPUT,
        message: serverMessage(locale, 'invalid_input'),
        data: null,
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendEnvelope(reply, 500, {
      code: ErrorCode.INTERNAL,
      message: serverMessage(locale, 'operation_failed'),
      data: null,
    });
  });
}

/**
 * Fastify's clientErrorHandler: what Node's HTTP parser refuses before Fastify sees a request
 * (a URL or headers over 16 KB, a malformed request line, a client too slow) still gets the
 * envelope, in English since there is no request to read a language from.
 */
export function answerClientError(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
  // A connection reset: nobody is left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, key]: [number, number, MessageKey] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.PAYLOAD_TOO_LARGE, 'payload_too_large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.INVALID_INPUT, 'invalid_input']
        : [400, ErrorCode.INVALID_INPUT, 'invalid_input'];
  this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code, message: serverMessage(DEFAULT_LOCALE, key), data: null });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
