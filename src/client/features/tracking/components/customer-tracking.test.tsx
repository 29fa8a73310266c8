import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeKey, trackingRoutes } from '#domain/api-paths.ts';
import { formatParisDateTime } from '#domain/format.ts';
import type { TrackingView } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { SuiviPage } from '#client/pages/suivi-page.tsx';
import { fakeApi, renderAt, renderRoutes } from '#client/test/render.tsx';
import { CustomerTracking } from './customer-tracking.tsx';
import { project } from './tracking-map.tsx';

const PARIS: [number, number] = [48.85341, 2.3488];
const LYON: [number, number] = [45.74846, 4.84671];
const enRoute: TrackingView = {
  statut: 'en route',
  numeroDevis: 1042,
  villeDepart: 'Paris',
  villeArrivee: 'Lyon',
  ville: 'Auxerre',
  positionLe: '2026-12-01T09:40:00.000Z',
  kmParcourus: 166,
  kmRestants: 299,
  arriveeEstimee: '2026-12-01T12:18:00.000Z',
  livreLe: null,
  trace: [PARIS, [47.79, 3.57], LYON],
  position: [47.79, 3.57],
};

async function renderPanel(answer: { status: number; body: unknown }) {
  const { calls } = fakeApi({ [routeKey(trackingRoutes.customer)]: answer });
  renderAt(<CustomerTracking devisId="d1" />, '/devis/d1');
  const panel = await screen.findByRole('region', { name: k.title });
  return Object.assign(panel, { calls });
}

/** Testing Library reads no-break spaces as spaces. */
const words = (text: string | null) => text?.replace(/\s+/g, ' ');

describe('the customer’s tracking panel', () => {
  it('shows « En route », the town, the km done and left, the arrival in Paris time, and the vehicle on the map between the ends', async () => {
    const panel = await renderPanel({ status: 200, body: enRoute });
    expect(await within(panel).findByText(k.status['en route'])).toBeVisible();
    expect(within(panel).getByText(k.nearTown('Auxerre'))).toBeVisible();
    expect(words(within(panel).getByTestId('km-parcourus').textContent)).toBe('166 km');
    expect(words(within(panel).getByTestId('km-restants').textContent)).toBe('299 km');
    expect(within(panel).getByTestId('arrivee-estimee')).toHaveTextContent('13:18');

    const map = within(panel).getByRole('img', { name: k.mapLabel('Auxerre') });
    const vehicle = within(map).getByTestId('position-vehicule').querySelector('circle')!;
    const [x, y] = [Number(vehicle.getAttribute('cx')), Number(vehicle.getAttribute('cy'))];
    const [[parisX, parisY], [lyonX, lyonY]] = [project(PARIS), project(LYON)];
    expect(x).toBeGreaterThan(parisX);
    expect(x).toBeLessThan(lyonX);
    // South is down: Lyon is below Auxerre, Auxerre below Paris.
    expect(y).toBeGreaterThan(parisY);
    expect(y).toBeLessThan(lyonY);
    const [minX, minY, width, height] = map.getAttribute('viewBox')!.split(' ').map(Number) as [number, number, number, number];
    for (const [px, py] of [project(PARIS), project(LYON), [x, y]]) {
      expect(px).toBeGreaterThan(minX);
      expect(px).toBeLessThan(minX + width);
      expect(py).toBeGreaterThan(minY);
      expect(py).toBeLessThan(minY + height);
    }
  });

  it('says the tracking starts at the pickup while the server has none (404)', async () => {
    const panel = await renderPanel({ status: 404, body: { error: 'not_found', message: k.notStarted } });
    expect(await within(panel).findByText(k.notStarted)).toBeVisible();
    expect(within(panel).queryByRole('img')).toBeNull();
  });

  it('says the tracking has ended once the vehicle is delivered, without a map', async () => {
    const panel = await renderPanel({
      status: 200,
      body: {
        ...enRoute,
        statut: 'livré',
        ville: null,
        position: null,
        kmParcourus: null,
        kmRestants: null,
        arriveeEstimee: null,
        livreLe: '2026-12-01T12:30:00.000Z',
      },
    });
    expect(await within(panel).findByText(k.ended)).toBeVisible();
    expect(within(panel).getByText(k.deliveredAt(formatParisDateTime('2026-12-01T12:30:00.000Z')))).toBeVisible();
    expect(within(panel).queryByRole('img')).toBeNull();
  });

  describe('how often it is read again', () => {
    afterEach(() => void vi.useRealTimers());
    const minutes = (count: number) => vi.advanceTimersByTimeAsync(count * 60_000);

    it('every minute while the vehicle is on the way', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const onTheWay = await renderPanel({ status: 200, body: enRoute });
      await within(onTheWay).findByText(k.status['en route']);
      await minutes(3);
      expect(onTheWay.calls).toHaveLength(4);
    });

    it('every 5 minutes before the pickup, not every minute', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const waiting = await renderPanel({ status: 404, body: { error: 'not_found', message: k.notStarted } });
      await within(waiting).findByText(k.notStarted);
      await minutes(4);
      expect(waiting.calls).toHaveLength(1);
      await minutes(1);
      expect(waiting.calls).toHaveLength(2);
    });

    it('on a receiver’s link that did not answer, says so and asks again a minute later, without calling the link invalid', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answers = 0;
      const { calls } = fakeApi({
        [routeKey(trackingRoutes.receiver)]: () =>
          answers++ === 0 ? { status: 503, body: { error: 'unavailable', message: '' } } : { body: enRoute },
      });
      renderRoutes([{ path: '/suivi/:token', element: <SuiviPage /> }], { path: '/suivi/jeton' });
      expect(await screen.findByText(k.loadFailed)).toBeVisible();
      expect(screen.queryByText(k.notFound)).toBeNull();
      await minutes(1);
      expect(calls).toHaveLength(2);
      expect(await screen.findByText(k.status['en route'])).toBeVisible();
    });

    it('never again on a receiver’s link that has ended or is wrong (404)', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { calls } = fakeApi({
        [routeKey(trackingRoutes.receiver)]: { status: 404, body: { error: 'not_found', message: k.notFound } },
      });
      renderRoutes([{ path: '/suivi/:token', element: <SuiviPage /> }], { path: '/suivi/jeton-inconnu' });
      expect(await screen.findByText(k.notFound)).toBeVisible();
      await minutes(30);
      expect(calls).toHaveLength(1);
    });
  });
});
