/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { accountsRoutes, authRoutes, matchesApiPath, missionsRoutes } from '#domain/api-paths.ts';

/**
 * The back office's service worker (registered by its pages only, scope /admin): the
 * operator opens a mission once with signal, then its inspection page works in a car park.
 * - The built scripts and styles are precached (Workbox, manifest injected by vite-plugin-pwa).
 * - The back office's pages, the session (/api/me) and the missions' data are answered from
 *   the network when it answers within a few seconds, else from what was last received.
 * - A logout forgets all of it.
 * Photos and forms are not here: the pages keep them in IndexedDB and send them themselves.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const PAGES = 'back-office-pages';
const DATA = 'back-office-data';
/** Every page of the back office is the same shell: the last one received serves them all offline. */
const SHELL = '/admin/__shell__';

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);

const isBackOfficePage = (url: URL) => url.pathname === '/admin' || url.pathname.startsWith('/admin/');

async function answerPage(request: Request): Promise<Response> {
  const cache = await caches.open(PAGES);
  try {
    const response = await fetchWithin(request, 4000);
    if (response.ok) await cache.put(SHELL, response.clone());
    return response;
  } catch {
    return (await cache.match(SHELL, { ignoreVary: true })) ?? Response.error();
  }
}

/** The network's answer, or a failure after `ms` (a signal that comes and goes is as good as none). */
function fetchWithin(request: Request, ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  return fetch(request, { signal: controller.signal }).finally(() => clearTimeout(timer));
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isBackOfficePage(url),
  ({ request }) => answerPage(request),
);

const MISSION_DATA = [accountsRoutes.me, missionsRoutes.planning, missionsRoutes.get];
const isMissionData = (url: URL) => MISSION_DATA.some((route) => matchesApiPath(route, url.pathname));
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && isMissionData(url),
  new NetworkFirst({ cacheName: DATA, networkTimeoutSeconds: 4, matchOptions: { ignoreVary: true } }),
);

// A logout (the session ends): nothing of it stays in the caches.
registerRoute(
  ({ url }) => matchesApiPath(authRoutes.signOut, url.pathname),
  async ({ request }) => {
    await Promise.all([caches.delete(DATA), caches.delete(PAGES)]);
    return fetch(request);
  },
  authRoutes.signOut.method,
);

/**
 * A page asks for what it needs offline to be stored now ({type: 'warm', urls}): the page
 * shell and the data it shows. Answers on the message's port once everything is stored.
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: string[] } | null;
  if (data?.type !== 'warm' || !Array.isArray(data.urls)) return;
  const port = event.ports[0];
  event.waitUntil(
    (async () => {
      try {
        const [pages, store] = await Promise.all([caches.open(PAGES), caches.open(DATA)]);
        for (const url of data.urls!) {
          const target = new URL(url, self.location.origin);
          if (target.origin !== self.location.origin) continue;
          const response = await fetch(target, { credentials: 'same-origin' });
          if (!response.ok) throw new Error(`${target.pathname}: ${response.status}`);
          if (isBackOfficePage(target)) await pages.put(SHELL, response);
          else if (isMissionData(target)) await store.put(target.href, response);
        }
        port?.postMessage({ ok: true });
      } catch (error) {
        port?.postMessage({ ok: false, error: String(error) });
      }
    })(),
  );
});
