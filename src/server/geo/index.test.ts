import { describe, expect, it, vi } from 'vitest';
import { GeoNotFoundError, computeDistance, createGeo, resolveRoute } from './index.js';
import type { Geo, Geocoder } from './types.js';

const offline = createGeo({ geocoder: 'offline', router: 'offline' });

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('createGeo', () => {
  it('refuses a remote router without its URL or key', () => {
    expect(() => createGeo({ geocoder: 'offline', router: 'osrm' })).toThrow(/OSRM_URL/);
    expect(() => createGeo({ geocoder: 'offline', router: 'google' })).toThrow(/GOOGLE_MAPS_API_KEY/);
  });

  it('builds every combination it is given what it needs for', () => {
    for (const geocoder of ['offline', 'geoplateforme'] as const) {
      for (const router of ['offline', 'geoplateforme', 'osrm', 'google'] as const) {
        const geo = createGeo({ geocoder, router, osrmUrl: 'http://127.0.0.1:5000', googleMapsApiKey: 'k' });
        expect(typeof geo.geocoder.geocode).toBe('function');
        expect(typeof geo.router.distanceKm).toBe('function');
      }
    }
  });
});

describe('warmUp', () => {
  it('loads the offline gazetteer ahead of the first request', async () => {
    // Fresh modules: the test files of a worker share theirs, and another may have loaded it.
    vi.resetModules();
    const gazetteer = await import('./gazetteer.js');
    const geo = await import('./index.js');
    expect(gazetteer.isGazetteerLoaded()).toBe(false);
    geo.warmUp(geo.createGeo({ geocoder: 'offline', router: 'offline' }));
    expect(gazetteer.isGazetteerLoaded()).toBe(true);
  });
});

describe('computeDistance (offline)', () => {
  it('gives whole road kilometres between two addresses', async () => {
    const km = await computeDistance(offline, '12 rue de la République, 69002 Lyon', 'Paris 75015');
    expect(Number.isInteger(km)).toBe(true);
    // real road distance about 465 km
    expect(km).toBeGreaterThan(440);
    expect(km).toBeLessThan(490);
  });

  it('tells which address could not be found', async () => {
    const departError = await rejection(computeDistance(offline, 'qwerty azerty', 'Lyon'));
    expect(departError).toBeInstanceOf(GeoNotFoundError);
    expect((departError as GeoNotFoundError).code).toBe('depart_not_found');
    const arriveeError = await rejection(computeDistance(offline, 'Lyon', '   '));
    expect((arriveeError as GeoNotFoundError).code).toBe('arrivee_not_found');
  });

  it('refuses a zero distance', async () => {
    const error = await rejection(computeDistance(offline, '1 place Bellecour, 69002 Lyon', '69002'));
    expect(error).toBeInstanceOf(GeoNotFoundError);
    expect((error as GeoNotFoundError).code).toBe('zero_distance');
  });

  it('returns the resolved addresses with the distance', async () => {
    const route = await resolveRoute(offline, 'Nantes', 'Rennes');
    expect(route.depart.city).toBe('Nantes');
    expect(route.arrivee.city).toBe('Rennes');
    expect(route.distanceKm).toBeGreaterThan(100);
  });

  it('rounds the router distance to the nearest km', async () => {
    const point = { label: 'x', postcode: '00000', city: 'x', lat: 0, lon: 0 };
    const geocoder: Geocoder = { suggest: async () => [point], geocode: async () => point };
    const geo = (km: number): Geo => ({ geocoder, router: { distanceKm: async () => km } });
    expect(await computeDistance(geo(123.5), 'a', 'b')).toBe(124);
    expect(await computeDistance(geo(123.49), 'a', 'b')).toBe(123);
    expect(((await rejection(computeDistance(geo(0.4), 'a', 'b'))) as GeoNotFoundError).code).toBe('zero_distance');
  });
});
