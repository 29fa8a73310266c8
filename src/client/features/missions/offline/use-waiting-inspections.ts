import { useEffect, useState } from 'react';
import type { Etape } from '#domain/schemas/missions.ts';
import { listDrafts } from './store.ts';
import { onSyncChange } from './sync.ts';

export type WaitingInspection = { devisId: string; etape: Etape };

/**
 * The inspections completed on this phone that it has not sent yet (the offline store), read
 * again after every round of sending and when the page comes back to the front.
 */
export function useWaitingInspections(): WaitingInspection[] {
  const [waiting, setWaiting] = useState<WaitingInspection[]>([]);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let isMounted = true;
    const read = () =>
      void listDrafts().then(
        (drafts) => {
          if (isMounted) setWaiting(drafts.filter((draft) => draft.submitted).map(({ devisId, etape }) => ({ devisId, etape })));
        },
        // A browser that refuses IndexedDB (private mode) holds nothing.
        () => undefined,
      );
    read();
    const stop = onSyncChange(read);
    window.addEventListener('focus', read);
    return () => {
      isMounted = false;
      stop();
      window.removeEventListener('focus', read);
    };
  }, []);
  return waiting;
}
