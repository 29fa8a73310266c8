import { useLocation } from 'react-router';
import { pageHead } from '#domain/page-head.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';

/** Where the page is served from; the server's prerendering renders no head tags (see prerender.ts). */
const origin = () => (typeof window === 'undefined' ? '' : window.location.origin);

/**
 * The page's description and Open Graph tags, rendered with React 19's <meta>, which React
 * hoists into <head>. They are the tags the server wrote into the first HTML
 * (src/server/system/page-head.ts, from the same pageHead()): React adopts those instead of
 * adding a copy, and keeps them up to date on each navigation. Each page renders its own
 * <title>.
 */
export function PageMeta() {
  const { pathname } = useLocation();
  const head = pageHead(pathname, usePublicConfig().business.name, origin());
  return (
    <>
      <meta name="description" content={head.description} />
      <meta property="og:title" content={head.title} />
      <meta property="og:description" content={head.description} />
      <meta property="og:url" content={head.url} />
    </>
  );
}
