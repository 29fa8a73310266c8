import { trackingRoutes } from '#domain/api-paths.ts';
import { MAX_POSITIONS_PER_BATCH, positionsAnswerSchema } from '#domain/schemas/tracking.ts';
import { api } from '#client/lib/api.ts';
import { emitSync, isRefusal, registerSender, send, syncNow } from '#client/lib/offline-sender.ts';
import { forgetWaitingPositions, listWaitingPositions, saveWaitingPosition, type WaitingPosition } from './store.ts';

/** The sender's step of the positions (one for them all). */
export const POSITIONS_KEY = 'positions';
/** The sender's event key of one mission's positions: its page counts them and shows their refusal. */
export const positionsKeyOf = (devisId: string) => `${POSITIONS_KEY}:${devisId}`;

/**
 * The positions' step of the shared sender (lib/offline-sender.ts): each mission's waiting
 * positions, oldest first, in batches, under the ids the page made (a batch sent again after a
 * lost answer is stored once). A refused batch is dropped: the server refuses positions only
 * outside the mission in progress (delivered, or not picked up), and they would never be taken;
 * its French message goes to the page.
 */
async function sendPositions() {
  const byMission = new Map<string, WaitingPosition[]>();
  for (const position of await listWaitingPositions())
    byMission.set(position.devisId, [...(byMission.get(position.devisId) ?? []), position]);
  for (const [devisId, positions] of byMission) {
    for (let start = 0; start < positions.length; start += MAX_POSITIONS_PER_BATCH) {
      const batch = positions.slice(start, start + MAX_POSITIONS_PER_BATCH);
      const body = { positions: batch.map(({ devisId: _mission, ...position }) => position) };
      const answer = await send(api(trackingRoutes.positions, { params: { id: devisId }, body, answer: positionsAnswerSchema }));
      await forgetWaitingPositions(batch.map((position) => position.id));
      emitSync({ key: positionsKeyOf(devisId), answer: isRefusal(answer) ? answer : undefined });
    }
  }
}

registerSender(POSITIONS_KEY, sendPositions);

/** A position read by the phone: kept on the phone first, then sent when the network allows. */
export async function recordPosition(position: WaitingPosition): Promise<void> {
  await saveWaitingPosition(position);
  emitSync({ key: positionsKeyOf(position.devisId) });
  void syncNow();
}
