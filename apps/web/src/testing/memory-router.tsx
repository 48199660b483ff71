import type { ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/**
 * A page test's router: wouter on an in-memory location that starts at `url` and shows the first
 * of `routes` (wouter patterns: `/:lang?/pay-view`, or `*` for any path) that matches. `pathname`
 * and `search` follow the page's navigation.
 */
export function memoryRouter(url: string, routes: Readonly<Record<string, ReactNode>>) {
  const memory = memoryLocation({ path: url, record: true });
  const current = () => new URL(memory.history.at(-1) ?? url, 'http://localhost');
  return {
    element: (
      <Router hook={memory.hook}>
        <Switch>
          {Object.entries(routes).map(([path, page]) => (
            <Route key={path} path={path}>
              {page}
            </Route>
          ))}
        </Switch>
      </Router>
    ),
    get pathname() {
      return current().pathname;
    },
    get search() {
      return current().search;
    },
  };
}
