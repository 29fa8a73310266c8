import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { systemRoutes } from '#domain/api-paths.ts';
import type { PublicConfig } from '#domain/public-config.ts';
import { App } from './app/app.tsx';
import { routes } from './app/router.tsx';
import { readInjectedConfig } from './lib/public-config.ts';
import './styles/tokens.css';

/** `npm run dev` serves index.html as it is, without the configuration the server injects. */
async function fetchConfigInDevelopment(): Promise<PublicConfig | null> {
  if (!import.meta.env.DEV) return null;
  try {
    const response = await fetch(systemRoutes.config.path);
    return response.ok ? ((await response.json()) as PublicConfig) : null;
  } catch {
    return null;
  }
}

/**
 * The router starts once the lazily loaded module of the page asked for is here (the server
 * preloads it with the HTML): a prerendered page's first render then matches its HTML, and
 * the router never has to render an empty fallback while it waits.
 */
async function loadMatchedLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

async function start() {
  const container = document.getElementById('root')!;
  // The placeholder identity is only for `npm run dev` with the API down: loaded then, never shipped first.
  const config =
    readInjectedConfig() ?? (await fetchConfigInDevelopment()) ?? (await import('#domain/public-config.ts')).placeholderPublicConfig;
  const isPrerendered = container.firstElementChild !== null;
  await loadMatchedLazyRoutes();
  const app = (
    <App config={config}>
      <RouterProvider router={createBrowserRouter(routes)} />
    </App>
  );
  if (isPrerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
