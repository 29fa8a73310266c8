import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expensesRoutes, missionsRoutes, routeKey, trackingRoutes } from '#domain/api-paths.ts';
import type { MissionView } from '#domain/schemas/missions.ts';
import { expenseTexts as e } from '#domain/texts/expenses.ts';
import { offlineTexts as o } from '#domain/texts/offline.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { forgetWaitingExpense, listWaitingExpenses, saveWaitingExpense } from '#client/features/expenses/offline/store.ts';
import { forgetWaitingPositions, listWaitingPositions, saveWaitingPosition } from '#client/features/tracking/offline/store.ts';
import { syncNow } from '#client/lib/offline-sender.ts';
import { makeInspection, makeMissionView } from '#client/test/factories.ts';
import { fakeApi, renderRoutes } from '#client/test/render.tsx';
import { AdminMissionPage } from './admin-mission-page.tsx';

/**
 * The mission page's one sync bar: what this phone holds for THIS mission and the server does
 * not have yet, expenses and positions alike, whether or not the position panel is shown.
 */

const delivered = makeMissionView({
  peutInspecter: false,
  statut: 'terminé',
  livraison: makeInspection('livraison', '2026-11-28T12:00:00.000Z'),
});

/** Read by the phone at 08:0`minute`, for `devisId`. */
const position = (devisId: string, minute: number) => ({
  id: crypto.randomUUID(),
  devisId,
  lat: 47.5 - minute / 100,
  lon: -1.2,
  precision: 12,
  prisLe: new Date(Date.UTC(2026, 10, 28, 8, minute)).toISOString(),
});

/** A toll receipt recorded on the phone for `devisId`, kept under the id the page made. */
function expense(devisId: string) {
  const id = crypto.randomUUID();
  return {
    id,
    body: {
      id,
      devisId,
      categorie: 'peage' as const,
      montantCentimes: 3_500,
      tvaCentimes: 583,
      date: '2026-11-28',
      moyenPaiement: 'carte' as const,
      note: '',
    },
    receipt: null,
    created: false,
    error: null,
    savedAt: new Date().toISOString(),
  };
}

const down = { status: 503 };

/**
 * The page at /admin/missions/d12 showing `mission`: what the phone sends meets a proxy's 503
 * (no network: the sender keeps everything) until `network.positions` says otherwise; the
 * mission's costs are not reachable either.
 */
function renderMission(mission: MissionView) {
  const network = { positions: down as { status: number; body?: unknown } };
  fakeApi({
    [routeKey(missionsRoutes.get)]: { body: mission },
    [routeKey(expensesRoutes.missionCosts)]: down,
    [routeKey(expensesRoutes.create)]: down,
    [routeKey(trackingRoutes.positions)]: () => network.positions,
  });
  renderRoutes([{ path: '/admin/missions/:id', element: <AdminMissionPage /> }], { path: `/admin/missions/${mission.id}` });
  return network;
}

beforeEach(async () => {
  // One IndexedDB for the file (the app keeps its connection): emptied before each test.
  await forgetWaitingPositions((await listWaitingPositions()).map((waiting) => waiting.id));
  for (const waiting of await listWaitingExpenses()) await forgetWaitingExpense(waiting.id);
  // A phone in a tunnel: its Geolocation API is there, and reports nothing.
  const geolocation = { watchPosition: () => 1, clearWatch: () => undefined, getCurrentPosition: () => undefined };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return () => void Reflect.deleteProperty(navigator, 'geolocation');
});

describe('the sync bar of /admin/missions/{id}', () => {
  it('says the positions that wait after the delivery, with no position panel and no expense waiting', async () => {
    for (const minute of [1, 2, 3]) await saveWaitingPosition(position('d12', minute));
    // Another mission's position waits too: not this page's to count.
    await saveWaitingPosition(position('d99', 4));
    renderMission(delivered);
    const bar = await screen.findByTestId('pending');
    await waitFor(() => expect(bar).toHaveTextContent(k.pending(3)));
    expect(bar).not.toHaveTextContent(o.allSent);
    expect(screen.queryByRole('region', { name: k.sharingTitle })).toBeNull();
    expect(screen.getAllByTestId('pending')).toHaveLength(1);
  });

  it('says both the expenses and the positions that wait while the position is shared, each once', async () => {
    await saveWaitingPosition(position('d12', 1));
    await saveWaitingPosition(position('d12', 2));
    await saveWaitingExpense(expense('d12'));
    // An expense of another mission: on /admin/depenses, not here.
    await saveWaitingExpense(expense('d99'));
    renderMission(makeMissionView());
    const bar = await screen.findByTestId('pending');
    await waitFor(() => expect(bar).toHaveTextContent(`${e.waiting(1)} · ${k.pending(2)}`));
    // One bar, at the top of the page; the panel and the expenses' section do not repeat the counts.
    expect(screen.getAllByTestId('pending')).toHaveLength(1);
    const panel = screen.getByRole('region', { name: k.sharingTitle });
    expect(panel).not.toHaveTextContent(k.pending(2));
    expect(bar.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const expenses = screen.getByRole('region', { name: e.missionExpenses });
    expect(within(expenses).getAllByTestId('waiting-expense')).toHaveLength(1);
    expect(expenses).not.toHaveTextContent(e.waiting(1));
  });

  it('says « Tout est envoyé. » when nothing of the mission waits, and why positions sent after the delivery were dropped', async () => {
    await saveWaitingPosition(position('d12', 1));
    const network = renderMission(delivered);
    const bar = await screen.findByTestId('pending');
    await waitFor(() => expect(bar).toHaveTextContent(k.pending(1)));
    // The network is back; the server refuses positions of a delivered mission, and the phone lets them go.
    network.positions = { status: 409, body: { error: 'conflict', message: k.positionsAfterDelivery } };
    await act(() => syncNow());
    await waitFor(() => expect(bar).toHaveTextContent(o.allSent));
    expect(await screen.findByText(k.positionsAfterDelivery)).toBeVisible();
    expect(await listWaitingPositions()).toEqual([]);
  });

  it('does not show the refusal of another mission’s positions', async () => {
    // Read on this phone for another mission, delivered meanwhile: its page says why they went.
    await saveWaitingPosition(position('d99', 1));
    const network = renderMission(delivered);
    const bar = await screen.findByTestId('pending');
    await waitFor(() => expect(bar).toHaveTextContent(o.allSent));
    network.positions = { status: 409, body: { error: 'conflict', message: k.positionsAfterDelivery } };
    await act(() => syncNow());
    expect(await listWaitingPositions()).toEqual([]);
    expect(bar).toHaveTextContent(o.allSent);
    expect(screen.queryByText(k.positionsAfterDelivery)).toBeNull();
  });
});
