import { useEffect, useState, useSyncExternalStore } from 'react';
import { prepareOffline } from '#client/sw/register.ts';

/** Whether the browser says it is online, following its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

export type OfflineReadiness = 'preparing' | 'ready' | 'unavailable';

/**
 * Registers the back office's service worker and has it keep this page and `urls` for use
 * without network. Tried again once the network is back if it could not be done offline.
 */
export function useOfflineReady(urls: string[]): OfflineReadiness {
  const [state, setState] = useState<OfflineReadiness>('preparing');
  const online = useOnline();
  const key = urls.join(' ');
  useEffect(() => {
    if (!online) return;
    let alive = true;
    void prepareOffline(key.split(' ')).then((ok) => {
      if (alive) setState(ok ? 'ready' : 'unavailable');
    });
    return () => {
      alive = false;
    };
  }, [key, online]);
  return state;
}
