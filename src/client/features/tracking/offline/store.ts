import type { Position } from '#domain/schemas/tracking.ts';
import { recordStore } from '#client/lib/offline-db.ts';

/**
 * The positions the operator's phone read during a mission that the server does not have yet,
 * in the back office's IndexedDB database (lib/offline-db.ts, beside the inspections and the
 * expenses): a tunnel, a valley without signal or a closed tab loses none, and they go later
 * in the order the phone read them.
 */
export type WaitingPosition = Position & { devisId: string };

const positions = recordStore<WaitingPosition>('positions');

export const saveWaitingPosition = positions.save;

/** In the order the phone read them. */
export const listWaitingPositions = () => positions.list('prisLe');

export const forgetWaitingPositions = (ids: readonly string[]) => positions.forget(...ids);
