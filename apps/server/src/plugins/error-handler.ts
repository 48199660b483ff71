import { ErrorCode, NO_SESSION_MESSAGE, serverMessage, type Envelope, type MessageKey } from '@lumi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BusinessError } from '../lib/errors';
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
