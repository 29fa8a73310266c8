import { pageTitle, publicPageMeta, type PageMeta } from '#domain/texts.ts';

const metaByPath: Record<string, PageMeta> = publicPageMeta;

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Keeps the description and Open Graph tags in step with the page after client-side
 * navigation. The server writes the same tags into the HTML of the first request
 * (src/server/system/page-head.ts), for crawlers and link previews that run no script.
 * Titles are rendered by each page with <title> (React hoists it).
 */
export function applyPageMeta(pathname: string, businessName: string) {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const meta = metaByPath[normalised] ?? metaByPath['/']!;
  const title = pageTitle(meta.title, businessName, normalised === '/');
  setMeta('name', 'description', meta.description);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:url', new URL(normalised, window.location.origin).href);
}
