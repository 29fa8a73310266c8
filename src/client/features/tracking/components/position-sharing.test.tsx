import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { act, screen, waitFor, within } from '@testing-library/react';
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

/** The Screen Wake Lock API: each lock the page holds, which the test (the browser) may release. */
function fakeWakeLock() {
  const locks: { released: boolean; release: () => Promise<void> }[] = [];
  const wakeLock = {
    request: vi.fn(async () => {
      const listeners: (() => void)[] = [];
      const lock = {
        released: false,
        addEventListener: (_type: 'release', listener: () => void) => listeners.push(listener),
        release: async () => {
          if (lock.released) return;
          lock.released = true;
          for (const listener of listeners) listener();
        },
      };
      locks.push(lock);
      return lock;
    }),
  };
  Object.defineProperty(navigator, 'wakeLock', { value: wakeLock, configurable: true });
  return { wakeLock, held: () => locks.filter((lock) => !lock.released).length, browserReleases: () => act(() => locks.at(-1)!.release()) };
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  // No network: what the phone reads waits on it.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  return () => {
    Reflect.deleteProperty(navigator, 'geolocation');
    Reflect.deleteProperty(navigator, 'wakeLock');
  };
});

async function renderSharing(refusal: string | null = null) {
  renderAt(<PositionSharing devisId="d1" refusal={refusal} />, '/admin/missions/d1');
  return screen.findByRole('region', { name: k.sharingTitle });
}

describe('the operator’s position sharing', () => {
  it('says the position is shared and that a hidden page stops it, and keeps the readings that matter while offline', async () => {
    const phone = fakeGeolocation();
    const region = await renderSharing();
    expect(within(region).getByRole('status')).toHaveTextContent(k.sharingOn);
    expect(region).toHaveTextContent(k.keepVisible);
    // This browser cannot keep the screen on: the page does not claim it.
    expect(region).not.toHaveTextContent(k.screenKeptOn);
    await phone.move(48.8566, 2.3522);
    await waitFor(async () => expect(await listWaitingPositions()).toHaveLength(1));
    // 450 m further: not kept; 1.3 km from the first: kept.
    await phone.move(48.8606, 2.3522);
    await phone.move(48.8686, 2.3522);
    await waitFor(async () => expect((await listWaitingPositions()).map((position) => position.lat)).toEqual([48.8566, 48.8686]));
    // How many wait is the page's sync bar's to say, not the panel's.
    expect(region).not.toHaveTextContent(k.pending(2));
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

  it('keeps the screen on while sharing, asks again when the page comes back, and lets it go on pause', async () => {
    fakeGeolocation();
    const screen = fakeWakeLock();
    const region = await renderSharing();
    expect(await within(region).findByText(k.screenKeptOn)).toBeVisible();
    expect(screen.held()).toBe(1);

    // The page was hidden: the browser let the lock go; back in front, the page asks again.
    await screen.browserReleases();
    expect(region).not.toHaveTextContent(k.screenKeptOn);
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await within(region).findByText(k.screenKeptOn)).toBeVisible();
    expect(screen.wakeLock.request).toHaveBeenCalledTimes(2);

    await userEvent.click(within(region).getByRole('button', { name: k.pause }));
    expect(screen.held()).toBe(0);
    expect(region).not.toHaveTextContent(k.screenKeptOn);
  });

  it('tells the operator how to allow the location when the phone refuses it', async () => {
    const phone = fakeGeolocation();
    const region = await renderSharing();
    await phone.deny();
    expect(within(region).getByRole('alert')).toHaveTextContent(k.denied);
  });

  it('says why the server refused positions sent late', async () => {
    fakeGeolocation();
    const region = await renderSharing(k.positionsAfterDelivery);
    expect(within(region).getByText(k.positionsAfterDelivery)).toBeVisible();
  });
});
