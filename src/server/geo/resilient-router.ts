import { GeoServiceError } from './errors.js';
import type { GeoPoint, Router } from './types.js';

/** The part of a pino logger this module uses. */
export type GeoLogger = { warn(object: object, message: string): void };

export type ResilientRouterOptions = {
  /** Answers kept (least recently used dropped first). */
  cacheSize?: number;
  /** After a failure, the remote service is not asked again for this long (ms). */
  retryAfterMs?: number;
  logger?: GeoLogger | undefined;
  now?: () => number;
};

// 1e-5 degree is about a metre: two requests for the same resolved addresses share an answer.
function cacheKey(from: GeoPoint, to: GeoPoint): string {
  return `${from.lat.toFixed(5)},${from.lon.toFixed(5)};${to.lat.toFixed(5)},${to.lon.toFixed(5)}`;
}

/**
 * Wraps a remote router: its answers are cached, and when it fails (timeout, outage, malformed
 * answer) the trip is priced by `fallback` (the offline estimate) and the failure is logged, so a
 * customer still gets a price. While the service is down it is asked again only after
 * `retryAfterMs`, so each request does not wait for a timeout. "No route" answers
 * (GeoNotFoundError) are the user's matter and pass through.
 */
export function createResilientRouter(remote: Router, fallback: Router, options: ResilientRouterOptions = {}): Router {
  const cacheSize = options.cacheSize ?? 1000;
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, number>();
  let downUntil = 0;

  function remember(key: string, km: number): void {
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
    cache.set(key, km);
  }

  return {
    distanceKm: async (from, to) => {
      const key = cacheKey(from, to);
      const cached = cache.get(key);
      if (cached !== undefined) {
        cache.delete(key);
        cache.set(key, cached);
        return cached;
      }
      if (now() < downUntil) return fallback.distanceKm(from, to);
      try {
        const km = await remote.distanceKm(from, to);
        remember(key, km);
        return km;
      } catch (error) {
        if (!(error instanceof GeoServiceError)) throw error;
        downUntil = now() + retryAfterMs;
        options.logger?.warn(
          { err: error, service: error.service, code: error.code },
          'routing service failed: distance from the offline estimate',
        );
        return fallback.distanceKm(from, to);
      }
    },
  };
}
