import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as HistoryEntryModule from './history-entry';

/** A fresh copy of the module (its state is per page) on a fresh history entry. */
async function load(): Promise<typeof HistoryEntryModule> {
  vi.resetModules();
  return import('./history-entry');
}

/** Back or Forward, once the browser has told the page. */
function traverse(delta: number): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true });
    window.history.go(delta);
  });
}

const stateKey = () => (window.history.state as { key?: string } | null)?.key;

let stop: (() => void) | undefined;
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => stop?.());

describe('history entries', () => {
  it('gives the first entry a key in history.state, kept with what was there, and calls it a pop', async () => {
    window.history.replaceState({ other: 1 }, '', '/first');
    const { currentEntry } = await load();
    const entry = currentEntry();
    expect(entry.type).toBe('pop');
    expect(entry.key).toMatch(/^\w+$/);
    expect(window.history.state).toEqual({ other: 1, key: entry.key });
    expect(currentEntry()).toBe(entry);
  });

  it('keeps the key an entry already has: a reload finds its positions again', async () => {
    window.history.replaceState({ key: 'kept' }, '', '/again');
    const { currentEntry } = await load();
    expect(currentEntry()).toEqual({ key: 'kept', type: 'pop' });
  });

  it('tells a push from a replace, each with a new key, and tells the listeners', async () => {
    const { currentEntry, navigate, subscribe } = await load();
    const first = currentEntry();
    const heard = vi.fn();
    stop = subscribe(heard);

    navigate('/a?tab=1');
    const pushed = currentEntry();
    expect(pushed.type).toBe('push');
    expect(pushed.key).not.toBe(first.key);
    expect(window.location.pathname + window.location.search).toBe('/a?tab=1');
    expect(stateKey()).toBe(pushed.key);

    navigate('/a?tab=2', { replace: true });
    const replaced = currentEntry();
    expect(replaced.type).toBe('replace');
    expect(replaced.key).not.toBe(pushed.key);
    expect(stateKey()).toBe(replaced.key);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('calls Back and Forward a pop and finds the key of the entry they land on', async () => {
    const { currentEntry, navigate, subscribe } = await load();
    const first = currentEntry();
    const heard = vi.fn();
    stop = subscribe(heard);
    navigate('/b');
    const second = currentEntry();

    await traverse(-1);
    expect(currentEntry()).toEqual({ key: first.key, type: 'pop' });
    await traverse(1);
    expect(currentEntry()).toEqual({ key: second.key, type: 'pop' });
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('gives a key to an entry the page did not make (an #anchor)', async () => {
    const { currentEntry, navigate, subscribe } = await load();
    stop = subscribe(() => undefined);
    navigate('/c');
    window.history.pushState(null, '', '/c#part');
    window.history.pushState(null, '', '/d');
    await traverse(-1);
    const entry = currentEntry();
    expect(entry.type).toBe('pop');
    expect(stateKey()).toBe(entry.key);
  });

  it('hears no more after the last listener leaves', async () => {
    const { navigate, subscribe } = await load();
    const heard = vi.fn();
    subscribe(heard)();
    navigate('/e');
    expect(heard).not.toHaveBeenCalled();
  });
});
