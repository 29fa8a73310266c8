import { indexedRoutes, isSpaRoute, routeTable } from './paths.ts';
import { pageTitle, texts } from './texts/common.ts';

/** The head tags that depend on the page: written by the server, kept up to date by the client. */
export type PageHead = {
  /** Which variant of the head this is: an indexed page's path, 'app' or 'not-found'. */
  key: string;
  title: string;
  description: string;
  /** The page's canonical address: its own for an indexed page, the home page's otherwise. */
  url: string;
  isNotFound: boolean;
};

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The head of the page at `pathname`: an indexed public page's own (src/domain/paths.ts),
 * the 404 page's for an address the app does not know, else the home page's. The server
 * writes it into the first HTML (src/server/system/page-head.ts) and the client renders the
 * same tags with React (src/client/app/layout/page-meta.tsx), which then adopts the
 * server's tags instead of adding a second copy.
 */
export function pageHead(pathname: string, businessName: string, origin: string): PageHead {
  const path = normalise(pathname);
  const indexed = indexedRoutes.find((route) => route.path === path);
  if (indexed) {
    const isHome = indexed.path === routeTable.home.path;
    return {
      key: indexed.path,
      title: pageTitle(indexed.meta.title, businessName, isHome),
      description: indexed.meta.description,
      url: `${origin}${indexed.path}`,
      isNotFound: false,
    };
  }
  const home = routeTable.home.meta;
  if (isSpaRoute(pathname)) {
    return {
      key: 'app',
      title: pageTitle(home.title, businessName, true),
      description: home.description,
      url: `${origin}/`,
      isNotFound: false,
    };
  }
  return { key: 'not-found', title: texts.notFoundTitle, description: texts.notFoundBody, url: `${origin}/`, isNotFound: true };
}
