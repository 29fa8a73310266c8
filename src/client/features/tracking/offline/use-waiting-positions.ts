import { useCallback, useEffect, useState } from 'react';
import { isRefusal, startSync, type SyncEvent } from '#client/lib/offline-sender.ts';
import { useOfflineRecords } from '#client/lib/use-offline-records.ts';
import { listWaitingPositions } from './store.ts';
import { positionsKeyOf } from './sync.ts';

export type WaitingPositions = { waiting: number; refusal: string | null };

/**
 * How many positions of a mission this phone holds that the server does not have yet, read
 * again after every step of the shared sender, and the server's last refusal of one of its batches
 * (another mission's refusal is that mission's page's to show). Works
 * without the position panel (after the delivery, positions read offline still wait); starts the
 * sender, whose positions step this module's import registers.
 */
export function useWaitingPositions(devisId: string): WaitingPositions {
  const [refusal, setRefusal] = useState<string | null>(null);
  const count = useCallback(
    async () => (await listWaitingPositions()).filter((position) => position.devisId === devisId).length,
    [devisId],
  );
  const keepRefusal = useCallback(
    (event: SyncEvent) => {
      if (event.key === positionsKeyOf(devisId) && isRefusal(event.answer)) setRefusal(event.answer.message);
    },
    [devisId],
  );
  const waiting = useOfflineRecords(count, 0, keepRefusal);
  useEffect(() => {
    if (typeof indexedDB !== 'undefined') startSync();
  }, []);
  return { waiting, refusal };
}
