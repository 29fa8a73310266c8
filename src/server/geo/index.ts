import { GeoNotFoundError } from './errors.js';
import { createGeoplateformeGeocoder } from './geoplateforme-geocoder.js';
import { createGeoplateformeRouter } from './geoplateforme-router.js';
import { createGoogleRouter } from './google-router.js';
import { loadGazetteer, nearestCommune } from './gazetteer.js';
import { createOfflineGeocoder, geocodeCommune } from './offline-geocoder.js';
import { createOfflineRouter, loadBackbone, traceRoute, warmOfflineRouter, type RouteTrace } from './offline-router.js';
import { createOsrmRouter } from './osrm-router.js';
import { type GeoLogger, createResilientRouter } from './resilient-router.js';
import type { AddressSuggestion, Geo, Geocoder, GeoPoint, Router } from './types.js';

export type { AddressSuggestion, Geo, Geocoder, GeoPoint, Router } from './types.js';
export type { RouteTrace } from './offline-router.js';
export { MAX_SUGGESTIONS } from './types.js';
export { GeoNotFoundError, GeoServiceError } from './errors.js';
export type { GeoLogger } from './resilient-router.js';
export type { GeoNotFoundCode, GeoServiceErrorCode } from './errors.js';

export type GeoConfig = {
  geocoder: 'offline' | 'geoplateforme';
  router: 'offline' | 'geoplateforme' | 'osrm' | 'google';
  osrmUrl?: string | undefined;
  /** Itinerary endpoint for ROUTER=geoplateforme (default: the public IGN endpoint). */
  geoplateformeRoutingUrl?: string | undefined;
  googleMapsApiKey?: string | undefined;
  geoplateformeUrl?: string | undefined;
  googleRoutesUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

/**
 * Builds the adapters named by the configuration; a missing URL or key fails here, at start.
 * `logger` receives the warnings of the Géoplateforme router's fall-back to the offline estimate.
 */
export function createGeo(config: GeoConfig, options: { logger?: GeoLogger | undefined } = {}): Geo {
  const { timeoutMs } = config;
  const geocoder: Geocoder =
    config.geocoder === 'geoplateforme'
      ? createGeoplateformeGeocoder({ baseUrl: config.geoplateformeUrl, timeoutMs })
      : createOfflineGeocoder();
  let router: Router;
  switch (config.router) {
    case 'geoplateforme':
      router = createResilientRouter(
        createGeoplateformeRouter({ baseUrl: config.geoplateformeRoutingUrl, timeoutMs }),
        createOfflineRouter(),
        { logger: options.logger },
      );
      break;
    case 'osrm':
      if (!config.osrmUrl) throw new Error('ROUTER=osrm needs OSRM_URL');
      router = createOsrmRouter({ baseUrl: config.osrmUrl, timeoutMs });
      break;
    case 'google':
      if (!config.googleMapsApiKey) throw new Error('ROUTER=google needs GOOGLE_MAPS_API_KEY');
      router = createGoogleRouter({ apiKey: config.googleMapsApiKey, baseUrl: config.googleRoutesUrl, timeoutMs });
      break;
    default:
      router = createOfflineRouter();
  }
  return { geocoder, router };
}

/**
 * Loads the offline gazetteer now (about 0.3 s, 20 MB) instead of on the first request; call it
 * after the server listens. Does nothing for remote geocoders.
 */
export function warmUp(geo: Geo): void {
  const geocoder = geo.geocoder as Geocoder & { warm?: () => void };
  geocoder.warm?.();
  warmOfflineRouter();
}

export type ResolvedRoute = { distanceKm: number; depart: AddressSuggestion; arrivee: AddressSuggestion };

/**
 * Geocodes both addresses and measures the road distance between them, rounded to whole km:
 * the spec shows "Distance estimée : N km" and the price is computed on the distance shown.
 * Throws GeoNotFoundError when an address resolves to nothing, when no road joins them, or when
 * the rounded distance is 0 (both in the same place, which the spec counts as a failure);
 * GeoServiceError when a remote service fails.
 */
export async function resolveRoute(geo: Geo, depart: string, arrivee: string): Promise<ResolvedRoute> {
  const [from, to] = await Promise.all([geocodeOrNull(geo, depart), geocodeOrNull(geo, arrivee)]);
  if (!from) throw new GeoNotFoundError('depart_not_found', `departure address not found: ${depart.trim()}`);
  if (!to) throw new GeoNotFoundError('arrivee_not_found', `arrival address not found: ${arrivee.trim()}`);
  const distanceKm = Math.round(await geo.router.distanceKm(from, to));
  if (!(distanceKm > 0)) throw new GeoNotFoundError('zero_distance', 'no distance between departure and arrival');
  return { distanceKm, depart: from, arrivee: to };
}

export async function computeDistance(geo: Geo, depart: string, arrivee: string): Promise<number> {
  return (await resolveRoute(geo, depart, arrivee)).distanceKm;
}

async function geocodeOrNull(geo: Geo, address: string): Promise<AddressSuggestion | null> {
  const text = address.trim();
  return text === '' ? null : geo.geocoder.geocode(text);
}

/*
 * What the live tracking asks of the offline data, whatever GEOCODER and ROUTER say: no
 * outside service sees where a vehicle is.
 */

/** The name of the commune nearest to a point (offline gazetteer), null off the map. */
export function nearestTownName(point: GeoPoint): string | null {
  return nearestCommune(loadGazetteer(), point.lat, point.lon)?.name ?? null;
}

/** An address's commune centre from the offline gazetteer, null when it names none. */
export function locateOffline(address: string): (GeoPoint & { city: string }) | null {
  const found = geocodeCommune(loadGazetteer(), address);
  return found ? { lat: found.lat, lon: found.lon, city: found.city } : null;
}

/** The offline router's way between two points: km, driving hours, points passed. */
export function traceOfflineRoute(from: GeoPoint, to: GeoPoint): RouteTrace {
  return traceRoute(loadBackbone(), from, to);
}
