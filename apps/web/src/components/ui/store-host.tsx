import { Suspense, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A module-level store of what is open (a dialog's request, or `true`), read with
 * useSyncExternalStore; null or false while nothing is.
 */
export interface OpenStore<T> {
  subscribe: (listener: () => void) => () => void;
  get: () => T | null | false;
}

/**
 * Mounts `render(value)`, typically a lazily loaded dialog, only while `store` holds a value,
 * so the dialog's code (Radix) loads only when one opens.
 */
export function StoreHost<T>({ store, render }: { store: OpenStore<T>; render: (value: T) => ReactNode }) {
  const value = useSyncExternalStore(store.subscribe, store.get, () => null);
  if (!value) return null;
  return <Suspense>{render(value)}</Suspense>;
}
