import { CHAT_ENDPOINTS as E, ErrorCode, type ChatStreamEvent } from '@lumi/contract';
import { serverMessage } from '../../i18n';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { BusinessError } from '../../lib/errors';
import { requestLocale } from '../../lib/request-locale';
import { route } from '../../lib/endpoint';
import { caller } from '../../plugins/auth';
import type { ChatService } from './chat.service';

/** The message of a stream's error event: a refused reply says so; anything else is busy. */
const errorKey = (e: ChatStreamEvent & { event: 'error' }) =>
  e.data.code === ErrorCode.CONTENT_POLICY ? 'reply_refused' : 'service_busy';

/** A reply may stream for a while on a slow model. */
const REPLY_TIMEOUT_MS = 300_000;

export const chatRoutes: FastifyPluginAsync<{ chat: ChatService }> = async (app, { chat }) => {
  /**
   * POST aigc/text: with Accept: text/event-stream the reply streams as server-sent events
   * (start, delta..., done | error); otherwise the whole reply comes in the envelope. Refusals
   * (credits, adult content, policy, bad input) answer the envelope before any streaming.
   */
  route(
    app,
    E.chatSend,
    async (request, reply) => {
      const user = caller(request).user;
      const body = request.body;
      const controller = new AbortController();
      // The caller went away (tab closed, stop button): the engine stops too.
      reply.raw.on('close', () => {
        if (!reply.raw.writableEnded) controller.abort();
      });
      const prepared = await chat.prepare(user, body, controller.signal);
      const locale = requestLocale(request);
      const translate = (e: ChatStreamEvent): ChatStreamEvent =>
        e.event === 'error'
          ? { event: 'error', data: { ...e.data, message: serverMessage(locale, errorKey(e)) } }
          : e;

      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        let done: ChatStreamEvent | undefined;
        for await (const event of prepared.events) {
          if (event.event === 'done' || event.event === 'error') done = event;
        }
        if (done?.event === 'done') return ok({ conversation_id: prepared.conversation.id, ...done.data });
        if (done?.event === 'error' && done.data.code === ErrorCode.CONTENT_POLICY) {
          throw new BusinessError(ErrorCode.CONTENT_POLICY, 'reply_refused');
        }
        throw new BusinessError(ErrorCode.SERVICE_BUSY, 'service_busy');
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.flushHeaders();
      try {
        for await (const event of prepared.events) {
          // Read to the end even when the browser has gone: the engine stops (the signal), and
          // what came is kept, or the credits come back.
          if (res.destroyed) continue;
          const e = translate(event);
          res.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
        }
      } catch (err) {
        request.log.error({ err }, 'chat stream failed');
        if (!res.destroyed) {
          const message = serverMessage(locale, 'operation_failed');
          res.write(`event: error\ndata: ${JSON.stringify({ code: ErrorCode.INTERNAL, message })}\n\n`);
        }
      } finally {
        res.end();
      }
      return undefined;
    },
    { handlerTimeout: REPLY_TIMEOUT_MS },
  );

  route(app, E.chatMessages, async (request) => ok(await chat.list(caller(request).user, request.query)));

  /** The greeting: opens (or finds) the conversation with the character's first message. */
  route(app, E.chatOpen, async (request) =>
    ok(await chat.list(caller(request).user, { ...request.body, page: 1 })),
  );

  /** Restart: a fresh conversation with the greeting (spec's clear). */
  route(app, E.chatRestart, async (request) => ok(await chat.restart(caller(request).user, request.query)));

  route(app, E.chatEdit, async (request) =>
    ok(
      await chat.edit(
        caller(request).user,
        request.body.id,
        request.body.content,
        request.body.conversationId,
      ),
    ),
  );

  route(app, E.chatDelete, async (request) => {
    await chat.remove(caller(request).user, request.body.id, request.body.conversationId);
    return ok(null);
  });

  route(app, E.chatSwipe, async (request) =>
    ok(
      await chat.swipe(
        caller(request).user,
        request.body.id,
        request.body.index,
        request.body.conversationId,
      ),
    ),
  );

  /** Branch from here: a new conversation sharing the history up to the message. */
  route(app, E.chatBranch, async (request) =>
    ok(await chat.branch(caller(request).user, request.body.conversationId, request.body.id)),
  );

  route(app, E.chatBranches, async (request) =>
    ok(await chat.branchList(caller(request).user, request.query)),
  );

  route(app, E.chatSwitch, async (request) =>
    ok(await chat.switchTo(caller(request).user, request.body.conversationId)),
  );

  /** A group chat with two to four characters (issue 22). */
  route(app, E.chatGroup, async (request) =>
    ok(await chat.startGroup(caller(request).user, request.body.characterIds)),
  );

  route(app, E.chatGroups, async (request) =>
    ok(await chat.groupList(caller(request).user, request.query.characterId)),
  );

  route(app, E.chatMemory, async (request) =>
    ok(await chat.setMemory(caller(request).user, request.body.conversationId, request.body.memory)),
  );

  route(app, E.chatPersona, async (request) => ok(await chat.setPersona(caller(request).user, request.body)));
};
