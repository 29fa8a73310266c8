import { useEffect, useState } from 'react';
import { onSyncChange, type SyncEvent } from './offline-sender.ts';

/**
 * What a feature keeps on the phone (`read`, from its offline store), read now and again after
 * every step of the shared sender and when the page comes back to the front; `onSync` also
 * hears each step. `read` and `onSync` are stable (module functions, or `useCallback`).
 */
export function useOfflineRecords<T>(read: () => Promise<T>, initial: T, onSync?: (event: SyncEvent) => void): T {
  const [records, setRecords] = useState(initial);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let isMounted = true;
    const update = () =>
      void read().then(
        (value) => {
          if (isMounted) setRecords(value);
        },
        // A browser that refuses IndexedDB (private mode) holds nothing.
        () => undefined,
      );
    update();
    const stop = onSyncChange((event) => {
      update();
      onSync?.(event);
    });
    window.addEventListener('focus', update);
    return () => {
      isMounted = false;
      stop();
      window.removeEventListener('focus', update);
    };
  }, [read, onSync]);
  return records;
}
