/**
 * The site's router: wouter (about 2 KB) with the few habits of react-router the pages rely on.
 * Pages and components import it from here, never from wouter; the routes themselves are the
 * contract's table (`matchRoute`), the one the server's redirects read too.
 */
import { matchRoute, type RouteMatch, type RouteParams } from '@lumi/contract';
import {
  createContext,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Redirect, Router, useLocation, useRouter } from 'wouter';
import { currentEntry, navigate, subscribe, type HistoryEntry, type NavigateOptions } from './history-entry';

export { useSearchParams } from 'wouter';
export type { HistoryEntry, NavigationType } from './history-entry';

interface Place {
  readonly pathname: string;
  readonly search: string;
  readonly entry: HistoryEntry;
}

const PlaceContext = createContext<Place | null>(null);

const readPlace = (): Place => ({
  pathname: window.location.pathname,
  search: window.location.search,
  entry: currentEntry(),
});

function useHistoryLocation(): [string, (to: string, options?: NavigateOptions) => void] {
  return [useContext(PlaceContext)?.pathname ?? '/', navigate];
}

function useHistorySearch(): string {
  return useContext(PlaceContext)?.search ?? '';
}

/**
 * The browser's router. As react-router's `BrowserRouter` did, a navigation renders in a
 * transition, so the page stays until the next page's code has loaded instead of flashing the
 * skeleton; the address and its history entry change in the same render.
 */
export function HistoryRouter({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState(readPlace);
  useLayoutEffect(() => {
    const update = () =>
      startTransition(() => setPlace((shown) => (shown.entry === currentEntry() ? shown : readPlace())));
    const unsubscribe = subscribe(update);
    // A redirect among the children ran its layout effect before this one did: catch up.
    update();
    return unsubscribe;
  }, []);
  return (
    <PlaceContext value={place}>
      <Router hook={useHistoryLocation} searchHook={useHistorySearch}>
        {children}
      </Router>
    </PlaceContext>
  );
}

const NO_HISTORY: HistoryEntry = { key: 'default', type: 'pop' };

/** The history entry shown (its key and how the page got there); one that never changes in tests. */
export function useHistoryEntry(): HistoryEntry {
  return useContext(PlaceContext)?.entry ?? NO_HISTORY;
}

/**
 * The path as the address spells it, like `location.pathname`. (wouter's `useLocation` decodes
 * it once; the route table decodes each segment, and decoding twice would turn `%2541` into `A`.)
 */
export function usePathname(): string {
  const router = useRouter();
  return router.hook(router)[0];
}

/** The query as the address spells it, with its `?`, or '' when there is none. */
export function useSearch(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search && search[0] !== '?' ? `?${search}` : search;
}

/** The route the address names, with its parameters decoded; undefined for an unknown path. */
export function useRoute(): RouteMatch | undefined {
  const pathname = usePathname();
  return useMemo(() => matchRoute(pathname), [pathname]);
}

/** The current route's parameters (`code`, `searchKey`, `shareId`, `slug`). */
export function useRouteParams(): RouteParams {
  return useRoute()?.params ?? {};
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

/** Goes to an address of the site: a new history entry, or in place of this one with `replace`. */
export function useNavigate(): NavigateFunction {
  return useLocation()[1];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** In place of the current entry; by default only a link to the address shown replaces it. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link within the site, clicked as react-router's was: a plain click navigates in the page (a
 * link to the address already shown replaces the entry instead of piling up history), while a
 * click with a modifier key, another button, or a `target` other than `_self` is the browser's.
 */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const go = useNavigate();
  const here = usePathname() + useSearch();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (rest.target && rest.target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    go(to, { replace: replace ?? to === here + window.location.hash });
  };
  return <a {...rest} href={to} onClick={click} />;
}

/** Goes to `to` in place of the current entry as soon as it renders (react-router's `<Navigate replace>`). */
export function Navigate({ to }: { to: string }) {
  // Keyed by address: wouter's Redirect navigates once, on mount, and a path may redirect twice.
  return <Redirect key={to} to={to} replace />;
}
