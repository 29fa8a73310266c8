/**
 * The back office's service worker (sw.ts), registered by its pages only: nothing of it loads
 * on the public pages. `prepareOffline` registers it (scope /admin), waits until it controls
 * the page, then has it store the page's shell and the data the page will need offline.
 * Resolves 'ready' when all of it is stored, 'unsupported' when the browser cannot work offline
 * at all, 'failed' when it could but the storing did not succeed (no network, a server error).
 */
export type OfflinePreparation = 'ready' | 'unsupported' | 'failed';

export async function prepareOffline(urls: string[]): Promise<OfflinePreparation> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return 'unsupported';
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/admin' });
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    const worker = registration.active;
    if (!worker) return 'failed';
    const channel = new MessageChannel();
    const answer = new Promise<{ ok: boolean }>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<{ ok: boolean }>) => resolve(event.data);
    });
    worker.postMessage({ type: 'warm', urls }, [channel.port2]);
    return (await answer).ok ? 'ready' : 'failed';
  } catch {
    return 'failed';
  }
}
