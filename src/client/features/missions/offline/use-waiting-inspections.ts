import type { Etape } from '#domain/schemas/missions.ts';
import { useOfflineRecords } from '#client/lib/use-offline-records.ts';
import { listDrafts } from './store.ts';
// The inspections' step of the shared sender, registered wherever their waiting list is shown.
import './sync.ts';

export type WaitingInspection = { devisId: string; etape: Etape };

const listWaiting = async (): Promise<WaitingInspection[]> =>
  (await listDrafts()).filter((draft) => draft.submitted).map(({ devisId, etape }) => ({ devisId, etape }));

/**
 * The inspections completed on this phone that it has not sent yet (the offline store), read
 * again after every round of sending and when the page comes back to the front.
 */
export function useWaitingInspections(): WaitingInspection[] {
  return useOfflineRecords(listWaiting, []);
}
