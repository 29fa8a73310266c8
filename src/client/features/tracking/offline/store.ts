import type { DBSchema } from 'idb';
import type { Position } from '#domain/schemas/tracking.ts';
import { offlineDatabase } from '#client/lib/offline-db.ts';

/**
 * The positions the operator's phone read during a mission that the server does not have yet,
 * in the back office's IndexedDB database (lib/offline-db.ts, beside the inspections and the
 * expenses): a tunnel, a valley without signal or a closed tab loses none, and they go later
 * in the order the phone read them.
 */
export type WaitingPosition = Position & { devisId: string };

interface PositionsDb extends DBSchema {
  positions: { key: string; value: WaitingPosition };
}

const database = () => offlineDatabase<PositionsDb>();

export async function saveWaitingPosition(position: WaitingPosition): Promise<void> {
  await (await database()).put('positions', position);
}

/** In the order the phone read them. */
export async function listWaitingPositions(): Promise<WaitingPosition[]> {
  const positions = await (await database()).getAll('positions');
  return positions.sort((a, b) => a.prisLe.localeCompare(b.prisLe));
}

export async function forgetWaitingPositions(ids: readonly string[]): Promise<void> {
  const db = await database();
  const transaction = db.transaction('positions', 'readwrite');
  await Promise.all([...ids.map((id) => transaction.store.delete(id)), transaction.done]);
}
