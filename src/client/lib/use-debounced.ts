import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delayMs`: search as the user pauses typing.
 *
 * `settled`, when given, is the value already acted upon (the search the page shows, read
 * from the address): when `value` comes back to it, the result follows at once. Without it,
 * a search the back button brings back would leave the stale text of the previous search
 * as the result for `delayMs`, and a caller acting on the result would undo the navigation.
 */
export function useDebounced<T>(value: T, delayMs: number, { settled }: { settled?: T } = {}): T {
  const [debounced, setDebounced] = useState(value);
  const isSettled = settled !== undefined && Object.is(value, settled);
  if (isSettled && !Object.is(debounced, value)) setDebounced(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return isSettled ? value : debounced;
}
