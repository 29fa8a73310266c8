/**
 * A value built on first use, then kept. For Intl formatters: building one costs tens of
 * milliseconds on a mid-range phone (its locale and time-zone data), so a module that builds
 * them at import time blocks the page that merely imports it.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
