/**
 * A module-level store of the one thing open at a time (a dialog's request), for any page to open
 * and a host to read with useSyncExternalStore (components/ui/store-host.tsx).
 */
export function openStore<T>() {
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    get: (): T | null => current,
    open: (value: T) => {
      current = value;
      emit();
    },
    close: () => {
      current = null;
      emit();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
