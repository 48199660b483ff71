import { describe, expect, it } from 'vitest';
import { createPageStore, initialPage } from './page-store';
import {
  idle,
  isBusy,
  pollingId,
  settle,
  swapReducer,
  type Swap,
  type SwapEvent,
  type SwapRequest,
  type SwapStatus,
} from './swap-state';

const file = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });
const request: SwapRequest = { base: file('base.jpg'), face: file('face.jpg'), baseFace: 0 };

const status = (patch: Partial<SwapStatus>): SwapStatus => ({
  id: 'job-1',
  kind: 'faceswap',
  state: 'queued',
  preview: false,
  created_at: 1,
  ...patch,
});

const run = (events: SwapEvent[], from: Swap = idle) => events.reduce(swapReducer, from);
const accepted = run([
  { type: 'send', request },
  { type: 'accepted', id: 'job-1' },
]);

describe('face swap state (spec §4)', () => {
  it('Swap, in queue with position and wait, swapping with progress, then the photo', () => {
    const queued = run([{ type: 'status', status: status({ position: 2, wait_seconds: 8 }) }], accepted);
    expect(queued).toMatchObject({ phase: 'queued', id: 'job-1', position: 2, waitSeconds: 8 });
    expect(isBusy(queued)).toBe(true);
    const running = swapReducer(queued, {
      type: 'status',
      status: status({ state: 'running', progress: 0.2 }),
    });
    expect(running).toMatchObject({ phase: 'running', progress: 0.2 });
    const image = { url: '/files/private/x.webp', width: 512, height: 512 };
    const done = swapReducer(running, { type: 'status', status: status({ state: 'done', images: [image] }) });
    expect(done).toEqual({ phase: 'done', id: 'job-1', request, image, faces: [] });
    expect(isBusy(done)).toBe(false);
    expect(pollingId(done)).toBeNull();
  });

  it('keeps the base photo faces the status names', () => {
    const faces = [
      { x: 10, y: 10, width: 90, height: 110 },
      { x: 300, y: 40, width: 60, height: 70 },
    ];
    const done = swapReducer(accepted, {
      type: 'status',
      status: status({ state: 'done', images: [{ url: 'u', width: 400, height: 300 }], faces }),
    });
    expect(done).toMatchObject({ phase: 'done', faces });
  });

  it('a failed job keeps its message and offers Retry (send again)', () => {
    const failed = swapReducer(accepted, {
      type: 'status',
      status: status({ state: 'failed', message: "We couldn't find a face in the base photo." }),
    });
    expect(failed).toEqual({
      phase: 'failed',
      id: 'job-1',
      request,
      message: "We couldn't find a face in the base photo.",
      retry: 'send',
    });
  });

  it('a done job without a picture is a failure', () => {
    expect(
      swapReducer(accepted, { type: 'status', status: status({ state: 'done', images: [] }) }),
    ).toMatchObject({
      phase: 'failed',
      retry: 'send',
    });
  });

  it('a refusal before the job: Retry only when sending again can help', () => {
    const sending = swapReducer(idle, { type: 'send', request });
    expect(swapReducer(sending, { type: 'refused', message: 'Too many', canRetry: true })).toMatchObject({
      phase: 'failed',
      retry: 'send',
    });
    expect(swapReducer(sending, { type: 'refused', message: 'Not a photo', canRetry: false })).toMatchObject({
      phase: 'failed',
      message: 'Not a photo',
      retry: null,
    });
  });

  it('the credits dialog puts back what was there before', () => {
    const done: Swap = {
      phase: 'done',
      id: 'a',
      request,
      image: { url: 'u', width: 1, height: 1 },
      faces: [],
    };
    expect(run([{ type: 'send', request }, { type: 'cancel' }], done)).toBe(done);
  });

  it('losing the server offers Retry that reads the job again', () => {
    const lost = swapReducer(accepted, { type: 'lost', message: 'lost' });
    expect(lost).toMatchObject({ phase: 'failed', id: 'job-1', retry: 'poll' });
    expect(swapReducer(lost, { type: 'resume', id: 'job-1', request })).toEqual({
      phase: 'queued',
      id: 'job-1',
      request,
    });
  });

  it('ignores late answers about another job', () => {
    expect(swapReducer(accepted, { type: 'status', status: status({ id: 'old', state: 'failed' }) })).toBe(
      accepted,
    );
    expect(swapReducer(idle, { type: 'status', status: status({ state: 'done' }) })).toBe(idle);
  });

  it('settles a send that the page lost to its previous state', () => {
    const sending = run([
      { type: 'send', request },
      { type: 'send', request },
    ]);
    expect(sending).toMatchObject({ phase: 'sending', previous: idle });
    expect(settle(sending)).toBe(idle);
  });
});

describe('page store', () => {
  it('keeps photos and the swap, and tells listeners of each change', () => {
    const store = createPageStore();
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.update({ consent: true });
    store.dispatch({ type: 'send', request });
    store.dispatch({ type: 'accepted', id: 'job-9' });
    // An event that changes nothing is not a change.
    store.dispatch({ type: 'cancel' });
    expect(calls).toBe(3);
    expect(store.get()).toMatchObject({ consent: true, baseFace: 0, swap: { phase: 'queued', id: 'job-9' } });
    stop();
    store.update({ consent: false });
    expect(calls).toBe(3);
    expect(initialPage.consent).toBe(false);
  });
});
