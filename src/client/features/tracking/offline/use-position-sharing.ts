import { useCallback, useEffect, useRef, useState } from 'react';
import { greatCircleKm } from '#domain/great-circle.ts';
import { recordPosition } from './sync.ts';

/** A new position is kept when the vehicle moved more than this since the last one kept… */
export const MIN_MOVE_KM = 1;
/** …or when this long has passed: the customer sees a fresh time even in a traffic jam. */
export const MAX_INTERVAL_MS = 5 * 60_000;

export type SharingProblem = 'denied' | 'unavailable';
type Kept = { lat: number; lon: number; at: number };

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;
const pauseKey = (devisId: string) => `suivi-pause:${devisId}`;

/** Whether a reading is kept: the first one (the page opened), a move of more than 1 km, or 5 minutes since the last. */
export function shouldKeep(last: Kept | null, reading: Kept): boolean {
  return !last || greatCircleKm(last, reading) > MIN_MOVE_KM || reading.at - last.at >= MAX_INTERVAL_MS;
}

/**
 * The operator's phone shares its position (the mission page mounts this only between the
 * pickup and the delivery): the Geolocation API's watch, a reading kept when `shouldKeep` says
 * so, and one read every 5 minutes if the watch stays silent (a phone that does not move reports
 * nothing). Each kept reading goes to the phone's store, then to the server through the shared
 * sender (what waits, and the server's refusals: `useWaitingPositions`, read once by the page).
 * « Pause du suivi » stops it all, and is remembered for this mission on this phone.
 */
export function usePositionSharing(devisId: string) {
  const [paused, setPaused] = useState(() => localStorage.getItem(pauseKey(devisId)) === '1');
  const [problem, setProblem] = useState<SharingProblem | null>(null);
  const last = useRef<Kept | null>(null);

  const sharing = !paused;
  useEffect(() => {
    if (!sharing || !hasGeolocation()) return;
    const keep = ({ coords, timestamp }: GeolocationPosition, force: boolean) => {
      setProblem(null);
      const reading = { lat: coords.latitude, lon: coords.longitude, at: timestamp };
      if (!force && !shouldKeep(last.current, reading)) return;
      last.current = reading;
      void recordPosition({
        id: crypto.randomUUID(),
        devisId,
        lat: coords.latitude,
        lon: coords.longitude,
        precision: Math.min(coords.accuracy, 100_000),
        prisLe: new Date(timestamp).toISOString(),
      });
    };
    const failed = (error: GeolocationPositionError) => setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
    const options = { enableHighAccuracy: true, maximumAge: 30_000, timeout: 60_000 };
    const watch = navigator.geolocation.watchPosition((position) => keep(position, false), failed, options);
    const timer = window.setInterval(() => {
      if (last.current && Date.now() - last.current.at < MAX_INTERVAL_MS) return;
      navigator.geolocation.getCurrentPosition((position) => keep(position, true), failed, { ...options, maximumAge: 0 });
    }, 60_000);
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearInterval(timer);
    };
  }, [sharing, devisId]);

  // The screen stays on while sharing (Screen Wake Lock): a phone that locks itself hides the page,
  // and a hidden page gives no position. The browser releases the lock when the page is hidden: it
  // is asked for again when the page comes back. Where the API is missing or refuses, the page says
  // to keep the screen on by hand (`keepVisible`), as before.
  const [screenKeptOn, setScreenKeptOn] = useState(false);
  useEffect(() => {
    if (!sharing || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let active = true;
    const request = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        const acquired = await navigator.wakeLock.request('screen');
        if (!active) return void acquired.release();
        lock = acquired;
        setScreenKeptOn(true);
        acquired.addEventListener('release', () => setScreenKeptOn(false));
      } catch {
        // Refused (battery saver, no user gesture yet): the page keeps saying to keep the screen on.
      }
    };
    void request();
    document.addEventListener('visibilitychange', request);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
      setScreenKeptOn(false);
    };
  }, [sharing]);

  const togglePause = useCallback(() => {
    const next = !paused;
    if (next) localStorage.setItem(pauseKey(devisId), '1');
    else localStorage.removeItem(pauseKey(devisId));
    setPaused(next);
  }, [paused, devisId]);

  return { paused, togglePause, problem: sharing ? (hasGeolocation() ? problem : 'unavailable') : null, screenKeptOn };
}
