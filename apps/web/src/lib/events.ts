type Listener<T> = (payload: T) => void;

/** A minimal typed event channel, so lib code can ask the app layer to react. */
export function createChannel<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit(payload: T) {
      for (const listener of listeners) listener(payload);
    },
    subscribe(listener: Listener<T>) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * Credits events of spec §4: an empty value opens the credits-exhausted dialog; '-5' (or any
 * other value) asks for a balance refresh.
 */
export const creditsEvents = createChannel<string>();
