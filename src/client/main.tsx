import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { systemRoutes } from '#domain/api-paths.ts';
import type { PublicConfig } from '#domain/public-config.ts';
import { App } from './app/app.tsx';
import { AppRoutes, preloadRoute } from './app/router.tsx';
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

async function start() {
  const container = document.getElementById('root')!;
  // The placeholder identity is only for `npm run dev` with the API down: loaded then, never shipped first.
  const config =
    readInjectedConfig() ?? (await fetchConfigInDevelopment()) ?? (await import('#domain/public-config.ts')).placeholderPublicConfig;
  const isPrerendered = container.firstElementChild !== null;
  // The page asked for is here before the first render (the server preloads its module with
  // the HTML): a prerendered page's first render then matches its HTML, without suspending.
  // A module that fails to load is left to the page: it shows « Une erreur est survenue ».
  await preloadRoute(window.location.pathname).catch(() => undefined);
  const app = (
    <App config={config}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
  if (isPrerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
