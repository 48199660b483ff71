import { useSyncExternalStore } from 'react';

/** Chrome's install event (not yet in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Navigator {
    getInstalledRelatedApps?: () => Promise<unknown[]>;
    standalone?: boolean;
  }
}

export interface InstallState {
  /** The browser offered installing (beforeinstallprompt): our button can show its dialog. */
  canPrompt: boolean;
  /** The app is installed on this device (appinstalled, or getInstalledRelatedApps). */
  installed: boolean;
  /** This page runs inside the installed app. */
  standalone: boolean;
  /** iPhone and iPad install from Safari's Share menu only. */
  ios: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, installed: false, standalone: false, ios: false };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker once the page has loaded (never in development, where files
 * change under it) and listens for the browser's install offer from the very start.
 */
export function startPwa(): void {
  state = {
    ...state,
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true || navigator.standalone === true,
    ios: /iphone|ipad|ipod/i.test(navigator.userAgent),
  };
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own prompt offers it, instead of the browser's mini bar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canPrompt: false, installed: true });
  });
  navigator
    .getInstalledRelatedApps?.()
    .then((apps) => apps.length > 0 && set({ installed: true }))
    .catch(() => undefined);
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

/** Shows the browser's install dialog; true when the visitor accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  set({ canPrompt: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome === 'accepted';
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, () => state);
}

const DISMISSED_KEY = 'appPromptDismissedAt';
const QUIET_DAYS = 14;

/** The mobile prompt rests this long after "Not now". */
export function appPromptDismissed(now = Date.now()): boolean {
  try {
    const at = Number(window.localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < QUIET_DAYS * 86_400_000;
  } catch {
    return true;
  }
}

export function dismissAppPrompt(now = Date.now()): void {
  try {
    window.localStorage.setItem(DISMISSED_KEY, String(now));
  } catch {
    // Storage disabled: the prompt may come back next visit.
  }
}
