import { ErrorCode, type JobStatus } from '@lumi/contract';
import * as API from '@lumi/contract/api-routes/index';
import { HttpResponse } from 'msw';
import { describe, expect, it, onTestFailed } from 'vitest';
import { api, ApiError, call } from '@/lib/api-client';
import { apiBlob } from '@/lib/api-file';
import {
  apiError,
  eventStream,
  fakeApi,
  networkError,
  requestsTo,
  setupFakeApi,
  takeProblems,
} from './api-mock';

setupFakeApi();

const JOB = '0b6f9a52-51c4-4d6e-9f0a-1c2d3e4f5a61';
const job = (over: Partial<JobStatus> = {}): JobStatus => ({
  id: JOB,
  kind: 'image',
  state: 'queued',
  preview: false,
  created_at: 1,
  ...over,
});

/** What the client threw, for the checks of what the page was answered. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err as ApiError,
  );

describe('the fake API answers as the server would', () => {
  it('hands the fake the request parsed by the endpoint’s schemas, and as sent', async () => {
    fakeApi(API.reportQueue, ({ query }) => {
      // Parsed: numbers coerced, defaults filled in.
      expect(query).toEqual({ page: 2, page_size: 20, sort: 'reports' });
      return { items: [], has_more: false, total_count: 0 };
    });
    expect(await call(API.reportQueue, { query: { page: 2 } })).toEqual({
      items: [],
      has_more: false,
      total_count: 0,
    });
    expect(requestsTo(API.reportQueue).map((r) => r.sent.query)).toEqual([{ page: '2' }]);
  });

  it('reads path parameters', async () => {
    fakeApi(API.imageShared, ({ params }) => ({
      share_id: params.id,
      url: `/files/${params.id}.webp`,
      width: 1,
      height: 1,
      prompt: '',
      tool: 'image',
      preset: null,
      preview: false,
      created_at: 1,
    }));
    expect((await call(API.imageShared, { params: { id: 'a1b2' } })).url).toBe('/files/a1b2.webp');
  });

  it('answers a refusal as the envelope, returned or thrown, and a network failure as one', async () => {
    // The latest fake of a route answers first.
    fakeApi(API.jobStatus, () => networkError(), { once: true });
    fakeApi(
      API.jobStatus,
      () => {
        throw apiError(ErrorCode.SERVICE_BUSY, 'Busy');
      },
      { once: true },
    );
    fakeApi(API.jobStatus, () => apiError(ErrorCode.NOT_FOUND, 'Not found'), { once: true });
    const ask = () => call(API.jobStatus, { query: { id: JOB }, silent: true });
    expect(await failure(ask())).toMatchObject({
      kind: 'business',
      code: ErrorCode.NOT_FOUND,
      message: 'Not found',
    });
    expect(await failure(ask())).toMatchObject({ kind: 'business', code: ErrorCode.SERVICE_BUSY });
    expect(await failure(ask())).toMatchObject({ kind: 'network' });
  });

  it('answers files and streams as responses', async () => {
    fakeApi(
      API.textToSpeech,
      () =>
        new HttpResponse(new Uint8Array(4), { headers: { 'content-type': 'audio/mpeg', 'x-job-id': JOB } }),
    );
    const { blob, headers } = await apiBlob('/auth/aigc/speech/text-to-speech', {
      json: { voice_id: 'aria', text: 'Hi' },
    });
    expect(blob.size).toBe(4);
    expect(headers.get('x-job-id')).toBe(JOB);
    // The endpoint's default filled in.
    expect(requestsTo(API.textToSpeech)[0]?.body).toEqual({ voice_id: 'aria', text: 'Hi', format: 'mp3' });

    fakeApi(API.chatSend, () => eventStream([{ event: 'delta', data: { text: 'Hi' } }]));
    const stream = await api<unknown>('/auth/aigc/text', {
      json: { content: 'Hello', characterId: 7 },
      silent: true,
    }).catch((err: unknown) => err);
    // Asked without Accept: text/event-stream, the server would have answered the JSON reply.
    expect(stream).toBeInstanceOf(ApiError);
    expect(takeProblems()).toEqual([
      expect.stringContaining('streams only when asked (Accept: text/event-stream); the page did not ask'),
    ]);
  });
});

describe('the guard', () => {
  it('fails a fake whose data the server’s response schema refuses, naming the field', async () => {
    fakeApi(API.jobStatus, () => job({ state: 'finished' as JobStatus['state'] }));
    const err = await failure(call(API.jobStatus, { query: { id: JOB }, silent: true }));
    // The page is answered what the server answers when its answer breaks its schema.
    expect(err).toMatchObject({ kind: 'business', code: ErrorCode.INTERNAL });
    expect(takeProblems()).toEqual([
      expect.stringMatching(
        /^GET \/cgi-bin\/auth\/aigc\/status\?id=.*: the fake answers data the server's response schema refuses:\n {2}- data\.state: Invalid option/,
      ),
    ]);
  });

  it('fails a page request the server’s request schema refuses, and does not ask the fake', async () => {
    fakeApi(API.jobStatus, () => job());
    const err = await failure(api('/auth/aigc/status', { query: { id: 'job-1' }, silent: true }));
    // The page is answered what the server answers: 100001.
    expect(err).toMatchObject({ kind: 'business', code: ErrorCode.INVALID_INPUT });
    expect(requestsTo(API.jobStatus)).toHaveLength(0);
    expect(takeProblems()).toEqual([
      'GET /cgi-bin/auth/aigc/status?id=job-1: the page sends the query {"id":"job-1"} the server refuses:\n' +
        '  - id: Invalid UUID',
    ]);
  });

  it('fails what the server does not take: a query, a body, a file, a form without its file', async () => {
    fakeApi(API.voices, () => ({ voices: [], offline: true }));
    fakeApi(API.imageCreate, () => ({ id: JOB }));
    await api('/auth/aigc/speech/voices', { query: { page: 1 }, silent: true }).catch(() => undefined);
    fakeApi(API.logout, () => null);
    await api('/auth/logout', { json: { everywhere: true }, silent: true }).catch(() => undefined);
    const form = (files: Record<string, File>) => {
      const f = new FormData();
      f.set('type', 'faceswap');
      f.set('consent', 'true');
      for (const [name, file] of Object.entries(files)) f.set(name, file);
      return f;
    };
    const png = () => new File(['png'], 'a.png', { type: 'image/png' });
    await api('/auth/aigc/image', { formData: form({ base: png() }), silent: true }).catch(() => undefined);
    await api('/auth/aigc/image', {
      formData: form({ base: png(), face: png(), extra: png() }),
      silent: true,
    }).catch(() => undefined);
    await api('/auth/aigc/image', { formData: form({ base: png(), face: png() }), silent: true });
    const problems = takeProblems();
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('the page sends the query {"page":"1"} but the endpoint takes none');
    expect(problems[1]).toContain('the page sends the body {"everywhere":true} but the endpoint takes none');
    expect(problems[2]).toContain('the page leaves out the required file "face"');
    expect(problems[3]).toContain('the page sends a file "extra" the endpoint does not take');
    expect(requestsTo(API.imageCreate)).toHaveLength(1);
  });

  it('fails a call no fake answers, a refusal with a code the contract lacks, and data for a file', async () => {
    fakeApi(API.jobStatus, () => apiError(123, 'Made up'));
    fakeApi(API.textToSpeech, () => null as unknown as Response);
    await api('/auth/nothing/here', { silent: true }).catch(() => undefined);
    await call(API.jobStatus, { query: { id: JOB }, silent: true }).catch(() => undefined);
    await apiBlob('/auth/aigc/speech/text-to-speech', {
      json: { voice_id: 'aria', text: 'Hi' },
      silent: true,
    }).catch(() => undefined);
    expect(takeProblems()).toEqual([
      'GET /cgi-bin/auth/nothing/here: no fake answers this call',
      expect.stringContaining('the fake refuses with code 123, not an error code of the contract'),
      expect.stringContaining('answers a file (audio/*); the fake answered data'),
    ]);
  });

  describe('fails the test that broke the contract', () => {
    const failures: string[] = [];
    // Expected to fail: nothing in it does, but after it the guard finds what the fake answered.
    it.fails('a test whose fake answers what the server never could', async () => {
      onTestFailed(({ task }) => {
        failures.push(...(task.result?.errors ?? []).map((e) => e.message));
      });
      fakeApi(API.jobStatus, () => job({ created_at: 'yesterday' as unknown as number }));
      await call(API.jobStatus, { query: { id: JOB }, silent: true }).catch(() => undefined);
    });

    it('with the problem spelled out', () => {
      expect(failures).toEqual([
        expect.stringMatching(
          /^The page and the contract disagree:\n• GET \/cgi-bin\/auth\/aigc\/status\?id=.*\n {2}- data\.created_at: Invalid input: expected number, received string$/,
        ),
      ]);
    });
  });
});
