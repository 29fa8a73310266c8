import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageData } from '#domain/page-data.ts';
import type { PublicConfig } from '#domain/public-config.ts';
import { App } from './app/app.tsx';
import { AppRoutes, preloadRoute } from './app/router.tsx';
import { PageDataContext } from './lib/page-data.ts';

/**
 * The HTML of a public page as the browser would first render it, written into index.html
 * by the server (src/server/system/page-head.ts) so that a phone paints the page before the
 * JavaScript arrives; main.tsx then hydrates it. Nothing here fetches: whatever waits for
 * the session renders as "not known yet", as in the browser's first render; the API answers a
 * page needs first (the CGV) come in `pageData`, and the browser finds them in the HTML.
 */
export async function prerenderPage(url: string, config: PublicConfig, pageData: PageData | null = null): Promise<string> {
  const { pathname, search } = new URL(url);
  await preloadRoute(pathname);
  return renderToString(
    <App config={config}>
      <PageDataContext value={pageData}>
        <StaticRouter location={`${pathname}${search}`}>
          <AppRoutes />
        </StaticRouter>
      </PageDataContext>
    </App>,
  );
}
