import { GeoNotFoundError, GeoServiceError } from './errors.js';
import { DEFAULT_TIMEOUT_MS, fetchJson, trimTrailingSlash } from './http.js';
import type { GeoPoint, Router } from './types.js';
import { osrmCodeSchema, osrmRouteSchema, parseWire } from './wire-schemas.js';

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
      const code = osrmCodeSchema.safeParse(body).data?.code;
      if (code !== undefined && NO_ROUTE_CODES.has(code)) throw new GeoNotFoundError('no_route', `${SERVICE}: ${code}`);
      if (status < 200 || status >= 300) throw new GeoServiceError('unavailable', SERVICE, `HTTP ${status} ${code ?? ''}`.trim());
      const { routes } = parseWire(osrmRouteSchema, SERVICE, body, `route answer (code ${String(code)})`);
      return routes[0]!.distance / 1000;
    },
  };
}
