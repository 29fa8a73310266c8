import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useRoutes, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { ApiRoute, PathParams } from '#domain/api-paths.ts';
import { placeholderPublicConfig } from '#domain/public-config.ts';
import { urlOf } from '#client/lib/api.ts';
import { PublicConfigContext } from '#client/lib/public-config.ts';
import { ToastProvider } from '#client/ui/toast.tsx';

type Answer = { status?: number; body?: unknown };
/** What the fake server answers to one request: an answer, or a promise of one (to hold it). */
type Handler = (request: { method: string; url: URL; body: unknown; params: Record<string, string> }) => Answer | Promise<Answer>;

/** The handler of a request: by "METHOD /path", or by a pattern with `:name` segments ("DELETE /api/devis/:id"). */
function findHandler(handlers: Record<string, Handler | Answer>, method: string, pathname: string) {
  for (const [key, handler] of Object.entries(handlers)) {
    const [keyMethod, pattern = ''] = key.split(' ');
    if (keyMethod !== method) continue;
    const names: string[] = [];
    const source = pattern.replace(/:(\w+)/g, (_match, name: string) => (names.push(name), '([^/]+)'));
    const match = new RegExp(`^${source}$`).exec(pathname);
    if (match) return { handler, params: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)])) };
  }
  return null;
}

/**
 * The API as the components see it, at the network's edge: `fetch` answers from `handlers`,
 * keyed "METHOD /path" (without the query string; `:name` matches a segment), with JSON as
 * the server sends it. A
 * request nobody answers fails the test. `calls` lists every request made (`query`: its `?…`).
 */
export function fakeApi(handlers: Record<string, Handler | Answer>) {
  const calls: { method: string; path: string; query: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, 'http://localhost');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path: url.pathname, query: url.search, body });
    const found = findHandler(handlers, method, url.pathname);
    if (!found) throw new Error(`unexpected request: ${method} ${url.pathname}`);
    const { handler, params } = found;
    const { status = 200, body: payload = null } = typeof handler === 'function' ? await handler({ method, url, body, params }) : handler;
    return new Response(status === 204 ? null : JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

/** "DELETE /api/devis/d12": a request as `calls` lists it, from its route and parameters. */
export const requestOf = <R extends ApiRoute>(route: R, params?: PathParams<R['path']>) => `${route.method} ${urlOf(route, { params })}`;

/** A promise and the function that settles it: holds a response until the test lets it go. */
export function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

export const customer = { id: 'u1', email: 'helene@exemple.fr', name: 'Hélène Lefèvre', role: 'customer' as const };
export const admin = { id: 'a1', email: 'admin@exemple.fr', name: 'Admin', role: 'admin' as const };

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <PublicConfigContext value={placeholderPublicConfig}>
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </PublicConfigContext>
  );
}

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** Renders `routes` (or `element` at `path`) in a memory router, as the app's BrowserRouter does, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], { path = '/', state }: { path?: string; state?: unknown } = {}) {
  // `path` may carry a query string (`/factures/f1/paiement?retour=1`).
  const { pathname, search } = new URL(path, 'http://localhost');
  return render(
    <Providers>
      <MemoryRouter initialEntries={[{ pathname, search, state }]}>
        <RouteTree routes={routes} />
      </MemoryRouter>
    </Providers>,
  );
}

export const renderAt = (element: ReactNode, path = '/') => renderRoutes([{ path: '*', element }], { path });
