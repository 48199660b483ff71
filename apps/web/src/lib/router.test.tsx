import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HistoryRouter,
  Link,
  Navigate,
  useHistoryEntry,
  usePathname,
  useRouteParams,
  useSearch,
  useSearchParams,
} from './router';

/** What the page shows of the router: the address and the entry. */
function Where() {
  const entry = useHistoryEntry();
  return (
    <p data-testid="where">
      {usePathname()}
      {useSearch()} {entry.type}
    </p>
  );
}

const where = () => screen.getByTestId('where').textContent;

function show(url: string, page: ReactNode) {
  window.history.replaceState(null, '', url);
  render(
    <HistoryRouter>
      {page}
      <Where />
    </HistoryRouter>,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

describe('Link', () => {
  it('navigates in the page with a new entry', async () => {
    show('/a', <Link to="/b?x=1">b</Link>);
    const before = window.history.length;
    await act(async () => fireEvent.click(screen.getByText('b')));
    expect(where()).toBe('/b?x=1 push');
    expect(window.history.length).toBe(before + 1);
  });

  it('replaces the entry when it leads where the reader already is', async () => {
    show('/a?x=1', <Link to="/a?x=1">here</Link>);
    const before = window.history.length;
    await act(async () => fireEvent.click(screen.getByText('here')));
    expect(where()).toBe('/a?x=1 replace');
    expect(window.history.length).toBe(before);
  });

  it('leaves a new tab, a modified click and a prevented click to the browser', async () => {
    show(
      '/a',
      <>
        <Link to="/b" target="_blank">
          tab
        </Link>
        <Link to="/b" onClick={(event) => event.preventDefault()}>
          prevented
        </Link>
      </>,
    );
    const [shown, entries] = [where(), window.history.length];
    for (const [text, init] of [
      ['tab', {}],
      ['prevented', {}],
      ['prevented', { ctrlKey: true }],
    ] as const) {
      await act(async () => fireEvent.click(screen.getByText(text), init));
    }
    expect(where()).toBe(shown);
    expect(window.history.length).toBe(entries);
    const link = screen.getByText<HTMLAnchorElement>('tab');
    expect(link.getAttribute('href')).toBe('/b');
    expect(fireEvent.click(link)).toBe(true);
  });
});

describe('Navigate', () => {
  it('replaces the entry, again when the next address redirects too', async () => {
    function Redirects() {
      const pathname = usePathname();
      if (pathname === '/one') return <Navigate to="/two" />;
      if (pathname === '/two') return <Navigate to="/three" />;
      return null;
    }
    const before = window.history.length;
    await act(async () => show('/one', <Redirects />));
    expect(where()).toBe('/three replace');
    expect(window.history.length).toBe(before);
  });
});

describe('route parameters', () => {
  it('come from the route table, decoded once', () => {
    function Params() {
      return <p data-testid="params">{JSON.stringify(useRouteParams())}</p>;
    }
    show('/ar/search/100%2541%2Fb', <Params />);
    expect(screen.getByTestId('params').textContent).toBe(JSON.stringify({ searchKey: '100%41/b' }));
  });
});

describe('useSearchParams', () => {
  it('sets the query in place of the entry, keeping the path', async () => {
    function Tabs() {
      const [params, setParams] = useSearchParams();
      return (
        <button type="button" onClick={() => setParams({ tab: 'two' }, { replace: true })}>
          {params.get('tab')}
        </button>
      );
    }
    show('/fr/pay-view?tab=one', <Tabs />);
    await act(async () => fireEvent.click(screen.getByText('one')));
    expect(screen.getByRole('button').textContent).toBe('two');
    expect(where()).toBe('/fr/pay-view?tab=two replace');
  });
});

describe('Back', () => {
  it('shows the entry it lands on, as a pop', async () => {
    show('/a', <Link to="/b">b</Link>);
    await act(async () => fireEvent.click(screen.getByText('b')));
    await act(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('popstate', () => setTimeout(resolve), { once: true });
          window.history.back();
        }),
    );
    expect(where()).toBe('/a pop');
  });
});
