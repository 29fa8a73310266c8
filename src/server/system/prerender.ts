import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageData } from '#domain/page-data.ts';
import type { PublicConfig } from '#domain/public-config.ts';
import { fromProjectRoot } from '#server/project-root.ts';
import type { Prerender } from './page-head.ts';

/** Built by the second half of `npm run build` (`vite build --ssr`, see vite.config.ts). */
export const SSR_ENTRY = fromProjectRoot('dist', 'server', 'entry-server.js');

type SsrEntry = { prerenderPage(url: string, config: PublicConfig, pageData: PageData | null): Promise<string | null> };

/**
 * React writes the hoisted tags of the tree (<title>, <meta>, image preloads) before the
 * markup; the server writes the page's head itself (page-head.ts), and the browser's
 * hydration looks for none of them inside #root.
 */
const LEADING_HOISTED_TAGS = /^(?:<title>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*>)*/;

/**
 * Renders a public page's markup with src/client/entry-server.tsx, loaded on first use; null
 * when the server bundle was not built (the pages then arrive empty and render in the
 * browser, as in `npm run dev`).
 */
export function createPrerender(config: PublicConfig, entryFile = SSR_ENTRY): Prerender | null {
  if (!existsSync(entryFile)) return null;
  let entry: Promise<SsrEntry> | undefined;
  return async (pathname, pageData = null) => {
    entry ??= import(pathToFileURL(entryFile).href) as Promise<SsrEntry>;
    const html = await (await entry).prerenderPage(new URL(pathname, 'http://localhost').href, config, pageData);
    return html === null ? null : html.replace(LEADING_HOISTED_TAGS, '');
  };
}
