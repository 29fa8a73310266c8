import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { renderAt } from '#client/test/render.tsx';
import { listWaitingPositions } from '../offline/store.ts';
import { PositionSharing } from './position-sharing.tsx';

/** The phone's Geolocation API, driven by the test: `move` reports a reading to the watch, `deny` refuses. */
function fakeGeolocation() {
  let watcher: { success: PositionCallback; failure: PositionErrorCallback } | null = null;
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, failure: PositionErrorCallback) => {
      watcher = { success, failure };
      return 7;
    }),
    clearWatch: vi.fn(() => (watcher = null)),
    getCurrentPosition: vi.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    geolocation,
    watching: () => watcher !== null,
    move: (latitude: number, longitude: number) =>
      act(() => watcher!.success({ coords: { latitude, longitude, accuracy: 12 }, timestamp: Date.now() } as GeolocationPosition)),
    deny: () => act(() => watcher!.failure({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError)),
  };
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  // No network: what the phone reads waits on it.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  return () => Reflect.deleteProperty(navigator, 'geolocation');
});

async function renderSharing() {
  renderAt(<PositionSharing devisId="d1" />, '/admin/missions/d1');
  return screen.findByRole('region', { name: k.sharingTitle });
}

describe('the operator’s position sharing', () => {
  it('says the position is shared and that a hidden page stops it, and keeps the readings that matter while offline', async () => {
    const phone = fakeGeolocation();
    const region = await renderSharing();
    expect(within(region).getByRole('status')).toHaveTextContent(k.sharingOn);
    expect(region).toHaveTextContent(k.keepVisible);
    await phone.move(48.8566, 2.3522);
    expect(await within(region).findByText(k.pending(1))).toBeVisible();
    // 450 m further: not kept; 1.3 km from the first: kept.
    await phone.move(48.8606, 2.3522);
    await phone.move(48.8686, 2.3522);
    expect(await within(region).findByText(k.pending(2))).toBeVisible();
    expect((await listWaitingPositions()).map((position) => position.lat)).toEqual([48.8566, 48.8686]);
  });

  it('stops watching on « Pause du suivi », remembers it, and watches again on resuming', async () => {
    const phone = fakeGeolocation();
    const region = await renderSharing();
    await userEvent.click(within(region).getByRole('button', { name: k.pause }));
    expect(within(region).getByRole('status')).toHaveTextContent(k.sharingPaused);
    expect(phone.watching()).toBe(false);
    expect(region).not.toHaveTextContent(k.keepVisible);
    expect(localStorage.getItem('suivi-pause:d1')).toBe('1');

    await userEvent.click(within(region).getByRole('button', { name: k.resume }));
    expect(within(region).getByRole('status')).toHaveTextContent(k.sharingOn);
    expect(phone.watching()).toBe(true);
    expect(localStorage.getItem('suivi-pause:d1')).toBeNull();
  });

  it('tells the operator how to allow the location when the phone refuses it', async () => {
    const phone = fakeGeolocation();
    const region = await renderSharing();
    await phone.deny();
    expect(within(region).getByRole('alert')).toHaveTextContent(k.denied);
  });
});
