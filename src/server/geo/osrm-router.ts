import { GeoNotFoundError, GeoServiceError } from './errors.js';
import { DEFAULT_TIMEOUT_MS, fetchJson, isFiniteNumber, isRecord, trimTrailingSlash } from './http.js';
import type { GeoPoint, Router } from './types.js';

const SERVICE = 'OSRM';

// OSRM answers these when the points are valid but no road joins them (an island, say).
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);

/** Self-hosted OSRM route service (driving profile). */
export function createOsrmRouter(options: { baseUrl: string; timeoutMs?: number | undefined }): Router {
  const baseUrl = trimTrailingSlash(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    distanceKm: async (from: GeoPoint, to: GeoPoint) => {
      const coordinates = `${from.lon},${from.lat};${to.lon},${to.lat}`;
      const { status, body } = await fetchJson(SERVICE, `${baseUrl}/route/v1/driving/${coordinates}?overview=false`, {
        headers: { accept: 'application/json' },
        timeoutMs,
      });
      const code = isRecord(body) ? body.code : undefined;
      if (typeof code === 'string' && NO_ROUTE_CODES.has(code)) {
        throw new GeoNotFoundError('no_route', `${SERVICE}: ${code}`);
      }
      if (status < 200 || status >= 300) throw new GeoServiceError('unavailable', SERVICE, `HTTP ${status} ${String(code ?? '')}`.trim());
      if (code !== 'Ok' || !isRecord(body) || !Array.isArray(body.routes)) {
        throw new GeoServiceError('bad_response', SERVICE, `unexpected answer (code ${String(code)})`);
      }
      const [route] = body.routes as unknown[];
      if (!isRecord(route) || !isFiniteNumber(route.distance) || route.distance < 0) {
        throw new GeoServiceError('bad_response', SERVICE, 'route without a distance');
      }
      return route.distance / 1000;
    },
  };
}
