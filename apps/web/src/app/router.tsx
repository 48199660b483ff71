import { ROUTE_NAMES, ROUTES, type RouteName } from '@lumi/contract';
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LocaleLayout, RedirectHome } from './routes/locale-layout';

const HomePage = lazy(() => import('./routes/home-page'));
const PlaceholderPage = lazy(() => import('./routes/placeholder-page'));

/** Route path without its leading slash, as a child of the `/:lang?` layout. */
const childPath = (name: RouteName) => ROUTES[name].slice(1);

/** Every route of spec §2 under the optional locale segment; pages not built yet are placeholders. */
const pages: RouteObject[] = ROUTE_NAMES.filter((name) => name !== 'home').map((name) => ({
  path: childPath(name),
  element: <PlaceholderPage key={name} name={name} />,
}));

export const routes: RouteObject[] = [
  { path: '/index.html', element: <Navigate to="/" replace /> },
  {
    path: '/:lang?',
    element: <LocaleLayout />,
    children: [{ index: true, element: <HomePage /> }, ...pages, { path: '*', element: <RedirectHome /> }],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
