import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OfflinePreparation } from '#client/sw/register.ts';
import { useOfflineReady } from './use-offline-ready.ts';

// What the service worker answers is set by each test: the hook's part is what the page says.
const answers: OfflinePreparation[] = [];
vi.mock('#client/sw/register.ts', () => ({ prepareOffline: vi.fn(async () => answers.shift() ?? 'failed') }));

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The signal drops, then comes back (a car park's flicker). */
function dropAndReturn() {
  act(() => setOnline(false));
  act(() => setOnline(true));
}

const renderMissionsPage = () => renderHook(() => useOfflineReady(['/admin/missions']));

afterEach(() => {
  answers.length = 0;
  setOnline(true);
});

describe('useOfflineReady', () => {
  it('stays ready once the page is kept, even when a later refresh fails for want of network', async () => {
    answers.push('ready', 'failed');
    const { result } = renderMissionsPage();
    await waitFor(() => expect(result.current).toBe('ready'));
    // A car park: the signal drops, then a flicker brings it back without a real connection.
    dropAndReturn();
    await waitFor(() => expect(answers).toHaveLength(0));
    expect(result.current).toBe('ready');
  });

  it('says a failed first preparation will be tried again, and tries it when the network returns', async () => {
    answers.push('failed', 'ready');
    const { result } = renderMissionsPage();
    await waitFor(() => expect(result.current).toBe('retry'));
    dropAndReturn();
    await waitFor(() => expect(result.current).toBe('ready'));
  });

  it('calls the browser unable only when it has no service worker', async () => {
    answers.push('unsupported');
    const { result } = renderMissionsPage();
    await waitFor(() => expect(result.current).toBe('unavailable'));
  });
});
