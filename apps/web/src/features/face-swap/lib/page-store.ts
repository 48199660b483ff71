import { idle, swapReducer, type Swap, type SwapEvent } from './swap-state';

/** A chosen photo: the file as it will be uploaded, and its size as the browser shows it. */
export interface Photo {
  file: File;
  width: number;
  height: number;
  /** One of the bundled samples ("Random photo") rather than the user's own. */
  sample: boolean;
}

export interface PageState {
  base: Photo | null;
  face: Photo | null;
  consent: boolean;
  /** Which face of the base photo Swap replaces (largest first); back to 0 with a new base. */
  baseFace: number;
  swap: Swap;
}

export const initialPage: PageState = { base: null, face: null, consent: false, baseFace: 0, swap: idle };

/**
 * The page's photos, consent and swap, kept in memory while the app runs, outside React: leaving
 * the page and coming back finds them as they were, a send still in flight lands, and a job under
 * way is followed again. Files cannot go to sessionStorage, so a reload starts afresh.
 */
export function createPageStore(initial: PageState = initialPage) {
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (next: PageState) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    update: (patch: Partial<Omit<PageState, 'swap'>>) => set({ ...state, ...patch }),
    dispatch: (event: SwapEvent) => {
      const swap = swapReducer(state.swap, event);
      if (swap !== state.swap) set({ ...state, swap });
    },
  };
}

export type PageStore = ReturnType<typeof createPageStore>;

/** The one store of the face swap page. */
export const pageStore = createPageStore();
