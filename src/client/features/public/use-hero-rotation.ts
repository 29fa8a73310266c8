import { useEffect, useState, useSyncExternalStore } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the visitor asked the system for reduced motion (follows live changes). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Index of the slide to show, advancing every `intervalMs` while `isRunning`, and whether the
 * timer is set (false in the prerendered page until it has hydrated). The timer stops while
 * the tab is hidden and starts a full interval again when it comes back, so a visitor
 * returning to the tab never sees a change the instant they look.
 */
export function useHeroRotation(count: number, intervalMs: number, isRunning: boolean): { index: number; isTicking: boolean } {
  const [index, setIndex] = useState(0);
  const [isTicking, setIsTicking] = useState(false);

  useEffect(() => {
    if (!isRunning || count < 2) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      setIsTicking(false);
    };
    const sync = () => {
      stop();
      if (document.visibilityState === 'visible') {
        timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
        setIsTicking(true);
      }
    };
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', sync);
    };
  }, [count, intervalMs, isRunning]);

  return { index, isTicking };
}
