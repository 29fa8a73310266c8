import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { pageModule, routeList, type RouteAccess, type RouteName } from '#domain/paths.ts';
import { HomePage } from '#client/pages/home-page.tsx';
import { NotFoundPage } from '#client/pages/not-found-page.tsx';
import { RequireAdmin, RequireUser } from './guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every page module but the two in the first bundle and the back office's (admin-pages.ts),
 * each its own chunk, loaded when visited.
 */
export const lazyPages = import.meta.glob<Record<string, ComponentType>>(
  ['./*-page.tsx', '!./home-page.tsx', '!./not-found-page.tsx', '!./admin*-page.tsx'],
  { base: '../pages' },
);

/** A page module's loader: from the first bundle's list, else from the back office's, fetched first. */
const pageLoader = (module: string) => async (): Promise<Record<string, ComponentType>> =>
  (lazyPages[module] ?? (await import('./admin-pages.ts')).adminPages[module])!();

/** `adminEditDevis` → `AdminEditDevisPage`, the component its module exports. */
export const pageComponent = (name: RouteName) => `${name[0]!.toUpperCase()}${name.slice(1)}Page`;

function pageRoute({ name, path }: { name: RouteName; path: string }): RouteObject {
  if (name === 'home') return { path, element: <HomePage /> };
  const load = pageLoader(`./${pageModule(name)}.tsx`);
  return { path, lazy: async () => ({ Component: (await load())[pageComponent(name)] }) };
}

const guards: Record<Exclude<RouteAccess, 'public'>, ComponentType> = { user: RequireUser, admin: RequireAdmin };
const byAccess = (access: RouteAccess) => routeList.filter((route) => route.access === access).map(pageRoute);

/**
 * The router's routes, derived from the route table (src/domain/paths.ts). The home page
 * ships in the first bundle; the other public pages, the customer area and the admin area
 * load only when visited; the private areas sit behind their guard.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...byAccess('public'),
      ...(['user', 'admin'] as const).map((access) => {
        const Guard = guards[access];
        return { element: <Guard />, children: byAccess(access) };
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
