import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PublicConfig } from '#domain/public-config.ts';
import { App } from './app/app.tsx';
import { routes } from './app/router.tsx';

const handler = createStaticHandler(routes);

/**
 * The HTML of a public page as the browser would first render it, written into index.html
 * by the server (src/server/system/page-head.ts) so that a phone paints the page before the
 * JavaScript arrives; main.tsx then hydrates it. The routes have no loaders: nothing here
 * reads data, and whatever waits for the session renders as "not known yet", as in the
 * browser's first render. Null when the route answers with a redirect.
 */
export async function prerenderPage(url: string, config: PublicConfig): Promise<string | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <App config={config}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
}
