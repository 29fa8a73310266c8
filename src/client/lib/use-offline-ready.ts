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

export type OfflineReadiness = 'preparing' | 'ready' | 'retry' | 'unavailable';

/**
 * Registers the back office's service worker and has it keep this page and `urls` for use
 * without network. Tried again whenever the network comes back: once kept, the page stays
 * ready even if a later refresh fails (what was stored is still there); a failed first try
 * says it will be tried again, and only a browser without service workers is « unavailable ».
 */
export function useOfflineReady(urls: string[]): OfflineReadiness {
  const [state, setState] = useState<OfflineReadiness>('preparing');
  const online = useOnline();
  const key = urls.join(' ');
  useEffect(() => {
    if (!online) return;
    let alive = true;
    void prepareOffline(key.split(' ')).then((result) => {
      if (!alive) return;
      setState((previous) => {
        if (result === 'ready') return 'ready';
        if (result === 'unsupported') return 'unavailable';
        return previous === 'ready' ? 'ready' : 'retry';
      });
    });
    return () => {
      alive = false;
    };
  }, [key, online]);
  return state;
}
