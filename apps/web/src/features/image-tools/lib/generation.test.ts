import type { ImageBody, JobStatus } from '@lumi/contract';
import { describe, expect, it } from 'vitest';
import {
  generationReducer,
  idle,
  isBusy,
  pollingId,
  type Generation,
  type GenerationEvent,
} from './generation';

const REQUEST: ImageBody = { prompt: '', count: 2, speed: 'slow', model: 'standard', preset: 'anime-chibi' };
const status = (patch: Partial<JobStatus>): JobStatus => ({
  id: 'j1',
  kind: 'image',
  state: 'queued',
  preview: true,
  created_at: 1,
  ...patch,
});
const run = (events: GenerationEvent[], from: Generation = idle) => events.reduce(generationReducer, from);

describe('a generation', () => {
  it('goes Generate, in queue, Generating, done', () => {
    const sending = run([{ type: 'send', request: REQUEST }]);
    expect(sending.phase).toBe('sending');
    expect(isBusy(sending)).toBe(true);
    const queued = run([{ type: 'accepted', id: 'j1' }], sending);
    expect(queued).toEqual({ phase: 'queued', id: 'j1', request: REQUEST });
    expect(pollingId(queued)).toBe('j1');
    const waiting = run([{ type: 'status', status: status({ position: 2, wait_seconds: 9 }) }], queued);
    expect(waiting).toMatchObject({ phase: 'queued', position: 2, waitSeconds: 9 });
    const running = run([{ type: 'status', status: status({ state: 'running', progress: 0.5 }) }], waiting);
    expect(running).toMatchObject({ phase: 'running', progress: 0.5 });
    const images = [{ url: '/a.webp', width: 768, height: 1024 }];
    const done = run([{ type: 'status', status: status({ state: 'done', images }) }], running);
    expect(done).toEqual({ phase: 'done', id: 'j1', request: REQUEST, images, preview: true });
    expect(isBusy(done)).toBe(false);
    expect(pollingId(done)).toBeNull();
  });

  it('fails with the server’s message; Retry sends the same request again', () => {
    const failed = run([
      { type: 'send', request: REQUEST },
      { type: 'accepted', id: 'j1' },
      { type: 'status', status: status({ state: 'failed', message: 'Service busy, retry later' }) },
    ]);
    expect(failed).toEqual({
      phase: 'failed',
      id: 'j1',
      request: REQUEST,
      message: 'Service busy, retry later',
      retry: 'send',
    });
  });

  it('shows a refusal, with Retry only when retrying can help', () => {
    const busy = run([
      { type: 'send', request: REQUEST },
      { type: 'refused', message: 'Operation is too frequent, please try again later!', canRetry: true },
    ]);
    expect(busy).toMatchObject({ phase: 'failed', retry: 'send', request: REQUEST });
    const policy = run([
      { type: 'send', request: REQUEST },
      { type: 'refused', message: 'no', canRetry: false },
    ]);
    expect(policy).toMatchObject({ phase: 'failed', retry: null });
  });

  it('goes back to what was shown when a dialog answers instead (credits, adult content)', () => {
    const done: Generation = { phase: 'done', id: 'j0', request: REQUEST, images: [], preview: false };
    expect(run([{ type: 'send', request: REQUEST }, { type: 'cancel' }], done)).toBe(done);
  });

  it('resumes a kept job, and reads it again after losing touch', () => {
    const checking = run([{ type: 'resume', id: 'j1', request: REQUEST }]);
    expect(checking.phase).toBe('checking');
    expect(pollingId(checking)).toBe('j1');
    const lost = run([{ type: 'lost', message: 'offline' }], checking);
    expect(lost).toMatchObject({ phase: 'failed', id: 'j1', retry: 'poll' });
    expect(run([{ type: 'resume', id: 'j1', request: REQUEST }], lost).phase).toBe('checking');
  });

  it('ignores news of another job', () => {
    const queued: Generation = { phase: 'queued', id: 'j2', request: REQUEST };
    expect(run([{ type: 'status', status: status({ state: 'done' }) }], queued)).toBe(queued);
    expect(run([{ type: 'reset' }], queued)).toBe(idle);
  });
});
