import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { PAGE_DATA_ELEMENT, type PageData } from '#domain/page-data.ts';
import { pageHead, type PageHead } from '#domain/page-head.ts';
import { indexedRoutes, pageModule, routeTable } from '#domain/paths.ts';
import type { Config } from '#server/config.ts';

const HEAD_BLOCK = /<!--page-head:start[\s\S]*?<!--page-head:end-->/;
const HOME_PRELOAD_BLOCK = /<!--home-preload:start[^>]*-->([\s\S]*?)<!--home-preload:end-->/;

/**
 * The modules of the indexed public pages (src/domain/paths.ts), as Vite's manifest names
 * them. The first HTML of such a page preloads its chunks, so the browser fetches them
 * alongside the main bundle instead of after it. A module missing from the build manifest
 * (the home page's, which is in the main bundle) is simply not preloaded.
 */
const PAGE_MODULES: Record<string, string> = Object.fromEntries(
  indexedRoutes.map((route) => [route.path, `pages/${pageModule(route.name)}.tsx`]),
);

/** Vite's build manifest (build.manifest: true): source module → chunk, its imports and CSS. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

function chunkPreloads(manifest: ViteManifest | null, module: string | undefined): string[] {
  if (!manifest || !module || !manifest[module]) return [];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`),
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`),
  ];
}

/** One page's HTML, ready to send in each encoding. */
export type RenderedPage = { html: string; br: Buffer; gzip: Buffer };

/** A public page's markup as React first renders it (see ./prerender.ts), with the API answers it shows first, or null. */
export type Prerender = (pathname: string, pageData?: PageData | null) => Promise<string | null>;

/**
 * The API answers a prerendered page shows first (#domain/page-data.ts), and a version that
 * changes with them (the page is rendered again when it does); null for a page without.
 */
export type PageDataSource = (pathname: string) => Promise<{ version: string; data: PageData } | null>;

type RendererOptions = {
  manifest?: ViteManifest | null;
  prerender?: Prerender | null;
  pageData?: PageDataSource;
  /** Told when a page cannot be prerendered: the page is then sent without its markup. */
  onPrerenderError?: (error: unknown, pathname: string) => void;
};

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The address the 404 page is prerendered from, whichever unknown address was asked for:
 * the page is the same for all, and the first visitor's address must not decide it.
 */
const NOT_FOUND_PATH = '/404';

/** Every address whose page is prerendered: the indexed public pages and the 404 page. */
export const PRERENDERED_PATHS = [...indexedRoutes.map((route) => route.path), NOT_FOUND_PATH];

/**
 * Writes each page's title, description and Open Graph tags into index.html, so that
 * crawlers and link previews that run no script see them (the SPA keeps them up to date
 * afterwards with the same tags, see src/client/app/layout/page-meta.tsx). Only the home page keeps the
 * preload of its first hero picture; a lazily loaded page preloads its own chunks.
 *
 * The public pages and the 404 page also arrive with their markup, prerendered by React
 * with this server's configuration: a phone paints them before the JavaScript has arrived,
 * which then hydrates them. A request with a query string gets the empty shell instead (the
 * page may depend on it, as /connexion?verification=… does), and so do the private areas.
 * Results are cached, compressed once: there are a handful of variants. (The SPA's HTML is
 * sent by the not-found handler, which @fastify/compress's per-route hooks do not reach.)
 */
export function createPageRenderer(template: string, config: Config, options: RendererOptions = {}) {
  const { manifest = null, prerender = null, pageData, onPrerenderError } = options;
  const cache = new Map<string, Promise<RenderedPage>>();
  const origin = config.publicUrl;
  const headOf = (pathname: string) => pageHead(pathname, config.seller.tradeName, origin);

  function renderHead({ key, title, description, url, isNotFound }: PageHead): string {
    const isHome = key === routeTable.home.path;
    const head = [
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(description)}" />`,
      `<meta property="og:url" content="${escapeHtml(url)}" />`,
      `<meta property="og:image" content="${escapeHtml(`${origin}/images/og-image.jpg`)}" />`,
      `<meta property="og:site_name" content="${escapeHtml(config.seller.tradeName)}" />`,
      ...(isNotFound ? ['<meta name="robots" content="noindex" />'] : []),
      ...chunkPreloads(manifest, PAGE_MODULES[key]),
    ].join('\n    ');
    return template.replace(HEAD_BLOCK, head).replace(HOME_PRELOAD_BLOCK, (_block, preload: string) => (isHome ? preload.trim() : ''));
  }

  async function renderContent(key: string, data: PageData | null): Promise<string | null> {
    if (!prerender || key === 'app') return null;
    const pathname = key === 'not-found' ? NOT_FOUND_PATH : key;
    try {
      return await prerender(pathname, data);
    } catch (error) {
      onPrerenderError?.(error, pathname);
      return null;
    }
  }

  async function render(head: PageHead, withContent: boolean, data: PageData | null): Promise<RenderedPage> {
    const content = withContent ? await renderContent(head.key, data) : null;
    const page = renderHead(head);
    // The answers go with the markup they were rendered from, never without it.
    const script =
      content !== null && data
        ? `<script id="${PAGE_DATA_ELEMENT}" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`
        : '';
    const html = content === null ? page : page.replace(ROOT_ELEMENT, () => `<div id="root">${content}</div>${script}`);
    const buffer = Buffer.from(html);
    return {
      html,
      br: brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(buffer, { level: 9 }),
    };
  }

  /** `hasQuery`: the request's address has a query string (see above). */
  /** A page's answers, or none when they cannot be had now (the page then renders them in the browser). */
  async function dataOf(key: string): Promise<{ version: string; data: PageData } | null> {
    if (!pageData) return null;
    try {
      return await pageData(key);
    } catch (error) {
      onPrerenderError?.(error, key);
      return null;
    }
  }

  return async (pathname: string, { hasQuery = false }: { hasQuery?: boolean } = {}): Promise<RenderedPage> => {
    const head = headOf(pathname);
    const data = hasQuery ? null : await dataOf(head.key);
    const variant = `${head.key}${hasQuery ? '?' : ''}${data ? `#${data.version}` : ''}`;
    let page = cache.get(variant);
    if (page === undefined) {
      page = render(head, !hasQuery, data?.data ?? null);
      cache.set(variant, page);
    }
    return page;
  };
}
