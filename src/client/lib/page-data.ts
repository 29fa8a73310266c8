import { createContext } from 'react';
import { PAGE_DATA_ELEMENT, type PageData } from '#domain/page-data.ts';

/** What the server's prerendering gives the page (entry-server.tsx); null in the browser. */
export const PageDataContext = createContext<PageData | null>(null);

/** What the server wrote into the page's first HTML (src/server/system/page-head.ts), read once. */
export function readPageData(): PageData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageData;
  } catch {
    return null;
  }
}
