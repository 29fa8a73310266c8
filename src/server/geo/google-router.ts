import { GeoNotFoundError, GeoServiceError } from './errors.js';
import { DEFAULT_TIMEOUT_MS, fetchJson, trimTrailingSlash } from './http.js';
import type { GeoPoint, Router } from './types.js';
import { googleErrorSchema, googleMatrixSchema, parseWire } from './wire-schemas.js';

export const DEFAULT_GOOGLE_ROUTES_URL = 'https://routes.googleapis.com';

const SERVICE = 'Google Routes';

function waypoint(point: GeoPoint) {
  return { waypoint: { location: { latLng: { latitude: point.lat, longitude: point.lon } } } };
}

/** Google Routes API computeRouteMatrix with one origin and one destination. */
export function createGoogleRouter(options: { apiKey: string; baseUrl?: string | undefined; timeoutMs?: number | undefined }): Router {
  const baseUrl = trimTrailingSlash(options.baseUrl ?? DEFAULT_GOOGLE_ROUTES_URL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    distanceKm: async (from, to) => {
      const { status, body } = await fetchJson(SERVICE, `${baseUrl}/distanceMatrix/v2:computeRouteMatrix`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': options.apiKey,
          // The API refuses a request without a field mask; ask only for what is read.
          'x-goog-fieldmask': 'originIndex,destinationIndex,distanceMeters,status,condition',
        },
        body: JSON.stringify({ origins: [waypoint(from)], destinations: [waypoint(to)], travelMode: 'DRIVE' }),
        timeoutMs,
      });
      if (status < 200 || status >= 300) {
        const detail = googleErrorSchema.safeParse(body).data?.error.status;
        throw new GeoServiceError('unavailable', SERVICE, `HTTP ${status}${detail ? ` ${detail}` : ''}`);
      }
      const elements = parseWire(googleMatrixSchema, SERVICE, body, 'expected an array of matrix elements');
      // proto3 JSON leaves out zero values, so the first origin's index may be missing.
      const element = elements.find((e) => (e.originIndex ?? 0) === 0 && (e.destinationIndex ?? 0) === 0);
      if (!element) throw new GeoServiceError('bad_response', SERVICE, 'no element for the requested pair');
      if (element.condition === 'ROUTE_NOT_FOUND') throw new GeoNotFoundError('no_route', `${SERVICE}: ROUTE_NOT_FOUND`);
      const code = element.status?.code ?? 0;
      if (code !== 0) {
        throw new GeoServiceError('bad_response', SERVICE, `element status ${code} ${element.status?.message ?? ''}`.trim());
      }
      if (element.condition !== 'ROUTE_EXISTS') {
        throw new GeoServiceError('bad_response', SERVICE, `unexpected condition ${String(element.condition)}`);
      }
      // A zero-length route has no distanceMeters at all in proto3 JSON.
      return (element.distanceMeters ?? 0) / 1000;
    },
  };
}
