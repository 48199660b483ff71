import { useLayoutEffect, useRef } from 'react';
import { useHistoryEntry, usePathname } from '@/lib/router';

const STORAGE_KEY = 'lumi-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Scrolls to `top` once the page is tall enough, trying for a second while its content loads. */
function restore(top: number): void {
  let tries = 0;
  const attempt = () => {
    window.scrollTo(0, top);
    tries += 1;
    if (Math.abs(window.scrollY - top) > 1 && tries < 60) requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * What the data router's `ScrollRestoration` did: a new page starts at its top (or its #anchor);
 * Back, Forward and a reload return to where the reader was, by history entry
 * (`lib/history-entry.ts`). A `replace` that keeps the path (a tab or filter kept in the query)
 * keeps the scroll too.
 */
export function ScrollMemory() {
  const pathname = usePathname();
  const entry = useHistoryEntry();
  const shown = useRef<{ key: string; pathname: string } | null>(null);
  const positions = useRef<Record<string, number> | null>(null);

  useLayoutEffect(() => {
    positions.current = readPositions();
    window.history.scrollRestoration = 'manual';
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (shown.current && positions.current) positions.current[shown.current.key] = window.scrollY;
      });
    };
    const save = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or disabled: positions last for this page's life only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    const previous = shown.current;
    if (previous?.key === entry.key) return;
    shown.current = { key: entry.key, pathname };
    const saved = positions.current?.[entry.key];
    if (previous === null || entry.type === 'pop') {
      if (saved !== undefined) restore(saved);
      else if (previous !== null) window.scrollTo(0, 0);
      return;
    }
    const { hash } = window.location;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (entry.type === 'push' || previous.pathname !== pathname) {
      window.scrollTo(0, 0);
    }
  }, [entry, pathname]);

  return null;
}
