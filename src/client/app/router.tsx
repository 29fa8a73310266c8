import { use, type ComponentType, type ReactElement, type ReactPromise } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { pageModule, routeList, type RouteAccess, type RouteName } from '#domain/paths.ts';
import { readableByUse } from '#client/lib/preloaded.tsx';
import { HomePage } from '#client/pages/home-page.tsx';
import { NotFoundPage } from '#client/pages/not-found-page.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

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

/** What each lazily loaded route needs loaded before it renders without suspending. */
const preloads = new Map<RouteObject, () => PromiseLike<unknown>>();

/**
 * A route whose component is fetched on first use (React's `use`: the router's navigations are
 * transitions, so the page on screen stays until the next one is here). A failed load (a chunk
 * gone after a deployment, no network) shows RouteError for the visit that met it, and the next
 * visit of the route loads it again. (Forgotten as soon as it failed, the load would start again
 * at React's own retries of the same render, and fail again: a loop of requests, and no page.)
 */
export function lazyRoute(route: RouteObject, load: () => Promise<ComponentType>): RouteObject {
  let loading: ReactPromise<ReactElement> | undefined;
  /** The visit (the location's key) that met the failed load. */
  let failedOn: string | undefined;
  const preload = (): ReactPromise<ReactElement> => {
    loading ??= readableByUse(load().then((Loaded) => <Loaded />));
    return loading;
  };
  /** The load this visit renders: a failure met by an earlier visit is tried again. */
  const loadFor = (visit: string) => {
    if (loading?.status === 'rejected' && failedOn !== undefined && failedOn !== visit) loading = undefined;
    const current = preload();
    failedOn = current.status === 'rejected' ? (failedOn ?? visit) : undefined;
    return current;
  };
  function LazyRoute() {
    return use(loadFor(useLocation().key));
  }
  const withElement = { ...route, element: <LazyRoute /> };
  preloads.set(withElement, preload);
  return withElement;
}

function pageRoute({ name, path }: { name: RouteName; path: string }): RouteObject {
  if (name === 'home') return { path, element: <HomePage /> };
  const load = pageLoader(`./${pageModule(name)}.tsx`);
  return lazyRoute({ path }, async () => (await load())[pageComponent(name)]!);
}

/** The guards read the session, hence the query cache: they load with the private areas. */
const guards: Record<Exclude<RouteAccess, 'public'>, () => Promise<ComponentType>> = {
  user: async () => (await import('./guards.tsx')).RequireUser,
  admin: async () => (await import('./guards.tsx')).RequireAdmin,
};
const byAccess = (access: RouteAccess) => routeList.filter((route) => route.access === access).map(pageRoute);

/**
 * The router's routes, derived from the route table (src/domain/paths.ts). The home page
 * ships in the first bundle; the other public pages, the customer area and the admin area
 * load only when visited; the private areas sit behind their guard.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...byAccess('public'),
      ...(['user', 'admin'] as const).map((access) => lazyRoute({ children: byAccess(access) }, guards[access])),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Loads the modules of the routes that match `pathname` (their guard, their page). The
 * browser (main.tsx) and the prerendering (entry-server.tsx) wait for them before the first
 * render: a prerendered page then hydrates with the same markup, without suspending.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map(({ route }) => preloads.get(route)?.()));
}

/** The page of the current address, in its layout; an error anywhere shows RouteError instead. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteErrorBoundary pathname={pathname}>{useRoutes(routes)}</RouteErrorBoundary>;
}
