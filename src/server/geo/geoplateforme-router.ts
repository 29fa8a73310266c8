import { GeoNotFoundError, GeoServiceError } from './errors.js';
import { DEFAULT_TIMEOUT_MS, fetchJson, trimTrailingSlash } from './http.js';
import type { GeoPoint, Router } from './types.js';
import { geoplateformeErrorSchema, geoplateformeRouteSchema, parseWire } from './wire-schemas.js';

/** IGN Géoplateforme itinerary service (free, no key, limited to 5 requests a second). */
export const DEFAULT_GEOPLATEFORME_ROUTING_URL = 'https://data.geopf.fr/navigation/itineraire';

const SERVICE = 'Géoplateforme itinéraire';

export type GeoplateformeRouterOptions = {
  /**
   * The itinerary endpoint (`…/navigation/itineraire`) or the service base (`…/navigation`), to
   * which `/itineraire` is added.
   */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

function endpoint(url: string): string {
  const trimmed = trimTrailingSlash(url);
  return /\/itineraire$/.test(trimmed) ? trimmed : `${trimmed}/itineraire`;
}

/**
 * Road distance by the Géoplateforme's `bdtopo-osrm` resource (BD TOPO road network, OSRM engine):
 * car profile, fastest route, distance in kilometres. Documented request: GET with `resource`,
 * `start` and `end` as `lon,lat` (EPSG:4326), `profile`, `optimization`, `distanceUnit`; the answer
 * carries the total `distance`. A 404 or 400 with the service's `{error: {message}}` body means no
 * route between the points (an island, a point outside the road graph).
 */
export function createGeoplateformeRouter(options: GeoplateformeRouterOptions = {}): Router {
  const url = endpoint(options.baseUrl ?? DEFAULT_GEOPLATEFORME_ROUTING_URL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    distanceKm: async (from: GeoPoint, to: GeoPoint) => {
      const params = new URLSearchParams({
        resource: 'bdtopo-osrm',
        start: `${from.lon},${from.lat}`,
        end: `${to.lon},${to.lat}`,
        profile: 'car',
        optimization: 'fastest',
        distanceUnit: 'kilometer',
        getSteps: 'false',
        getBbox: 'false',
      });
      const { status, body } = await fetchJson(SERVICE, `${url}?${params}`, { headers: { accept: 'application/json' }, timeoutMs });
      if (status === 400 || status === 404) {
        const refusal = geoplateformeErrorSchema.safeParse(body);
        if (refusal.success) throw new GeoNotFoundError('no_route', `${SERVICE}: ${refusal.data.error.message ?? `HTTP ${status}`}`);
      }
      if (status < 200 || status >= 300) throw new GeoServiceError('unavailable', SERVICE, `HTTP ${status}`);
      return parseWire(geoplateformeRouteSchema, SERVICE, body, 'itinerary answer').distance;
    },
  };
}
