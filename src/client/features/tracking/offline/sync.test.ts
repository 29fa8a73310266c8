import { describe, expect, it, vi } from 'vitest';
import { trackingRoutes } from '#domain/api-paths.ts';
import { MAX_POSITIONS_PER_BATCH } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import type { SyncEvent } from '#client/lib/offline-sender.ts';
import { freshOfflineModulesEachTest } from '#client/test/offline.ts';
import { requestOf } from '#client/test/render.tsx';
import { MAX_INTERVAL_MS, shouldKeep } from './use-position-sharing.ts';

/**
 * The positions' step of the shared sender against a fake network at fetch, over the back
 * office's IndexedDB (fake-indexeddb): the positions read offline go when the network returns,
 * in the order the phone read them, each mission's to its own address; a refused batch is dropped.
 */

const offline = await freshOfflineModulesEachTest(
  () => import('./store.ts'),
  () => import('./sync.ts'),
);

type Call = { path: string; ids: string[] };

/** The network: `answer` decides each request's fate (a status, or 'offline'). */
function network(answer: (call: Call) => number | 'offline') {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = JSON.parse(String(init.body)) as { positions: { id: string }[] };
      const call = {
        path: `${init.method} ${new URL(url, 'http://localhost').pathname}`,
        ids: body.positions.map((position) => position.id),
      };
      const fate = answer(call);
      calls.push(call);
      if (fate === 'offline') throw new TypeError('Failed to fetch');
      const payload = fate >= 400 ? { error: 'conflict', message: k.positionsAfterDelivery } : { enregistrees: call.ids.length };
      return new Response(JSON.stringify(payload), { status: fate, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const read = (devisId: string, minute: number) => ({
  id: crypto.randomUUID(),
  devisId,
  lat: 48 - minute / 100,
  lon: 3,
  precision: 10,
  prisLe: new Date(Date.UTC(2026, 11, 1, 8, minute)).toISOString(),
});
const positionsOf = (id: string) => requestOf(trackingRoutes.positions, { id });

describe('the sender of the positions read on the phone', () => {
  it('keeps what is read offline, and sends it in the order it was read when the network returns', async () => {
    network(() => 'offline');
    // Recorded out of order (a reading that arrived late): sent by the time the phone read it.
    const [second, first, third] = [read('d1', 10), read('d1', 5), read('d1', 15)];
    for (const position of [second, first, third]) await offline.sync.recordPosition(position);
    await offline.sender.syncNow();
    expect(await offline.store.listWaitingPositions()).toHaveLength(3);

    const calls = network(() => 200);
    await offline.sender.syncNow();
    expect(calls).toEqual([{ path: positionsOf('d1'), ids: [first.id, second.id, third.id] }]);
    expect(await offline.store.listWaitingPositions()).toEqual([]);
  });

  it('sends each mission’s positions to its own address, in batches the server accepts', async () => {
    network(() => 'offline');
    const many = Array.from({ length: MAX_POSITIONS_PER_BATCH + 2 }, (_, minute) => read('d1', minute));
    for (const position of [...many, read('d2', 1)]) await offline.sync.recordPosition(position);
    const calls = network(() => 200);
    await offline.sender.syncNow();
    expect(calls.map((call) => [call.path, call.ids.length])).toEqual([
      [positionsOf('d1'), MAX_POSITIONS_PER_BATCH],
      [positionsOf('d1'), 2],
      [positionsOf('d2'), 1],
    ]);
  });

  it('drops a batch the server refuses (the mission was delivered meanwhile) and says why', async () => {
    const events: SyncEvent[] = [];
    offline.sender.onSyncChange((event) => events.push(event));
    const calls = network(() => 409);
    await offline.sync.recordPosition(read('d1', 1));
    await offline.sender.syncNow();
    expect(calls).toHaveLength(1);
    expect(await offline.store.listWaitingPositions()).toEqual([]);
    // Under the mission's key: only d1's page shows why its positions went.
    expect(events).toContainEqual({
      key: offline.sync.positionsKeyOf('d1'),
      answer: expect.objectContaining({ status: 409, message: k.positionsAfterDelivery }),
    });
  });
});

describe('which readings the phone keeps', () => {
  const at = Date.UTC(2026, 11, 1, 8);
  const paris = { lat: 48.8566, lon: 2.3522, at };
  it('keeps the first, a move of more than 1 km, and one every 5 minutes', () => {
    expect(shouldKeep(null, paris)).toBe(true);
    expect(shouldKeep(paris, { ...paris, lat: 48.8606, at: at + 60_000 })).toBe(false); // 450 m
    expect(shouldKeep(paris, { ...paris, lat: 48.8686, at: at + 60_000 })).toBe(true); // 1.3 km
    expect(shouldKeep(paris, { ...paris, at: at + MAX_INTERVAL_MS - 1 })).toBe(false);
    expect(shouldKeep(paris, { ...paris, at: at + MAX_INTERVAL_MS })).toBe(true);
  });
});
