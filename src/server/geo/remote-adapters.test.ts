import { describe, expect, it } from 'vitest';
import { GeoNotFoundError, GeoServiceError } from './errors.js';
import { createGeoplateformeGeocoder } from './geoplateforme-geocoder.js';
import { createGeoplateformeRouter } from './geoplateforme-router.js';
import { createGoogleRouter } from './google-router.js';
import { createOsrmRouter } from './osrm-router.js';
import { perTestFakeServices, sendJson, startFakeService } from '#server/test/fake-service.ts';

const startService = perTestFakeServices();

const LYON = { lat: 45.7578, lon: 4.832 };
const PARIS = { lat: 48.8566, lon: 2.3522 };

// Shape documented for GET /geocodage/search (GeoJSON FeatureCollection, coordinates [lon, lat]).
function addressFeature(label: string, lon: number, lat: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      label,
      score: 0.97,
      housenumber: '12',
      id: '69382_5915_00012',
      name: '12 Rue de la République',
      postcode: '69002',
      citycode: '69382',
      x: 842500.1,
      y: 6519000.2,
      city: 'Lyon',
      district: 'Lyon 2e Arrondissement',
      context: '69, Rhône, Auvergne-Rhône-Alpes',
      type: 'housenumber',
      importance: 0.8,
      street: 'Rue de la République',
      ...extra,
    },
  };
}

async function expectRejection(promise: Promise<unknown>, type: typeof GeoServiceError | typeof GeoNotFoundError, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  expect((error as { code: string }).code).toBe(code);
}

describe('Géoplateforme geocoder', () => {
  it('queries the address index and maps the GeoJSON features', async () => {
    const service = await startService((_req, res) =>
      sendJson(res, 200, {
        type: 'FeatureCollection',
        features: [
          addressFeature('12 Rue de la République 69002 Lyon', 4.8361, 45.7614),
          addressFeature('12 Rue de la République 69001 Lyon', 4.8357, 45.7652, { postcode: '69001', citycode: '69381' }),
        ],
        query: '12 rue de la république lyon',
      }),
    );
    const geocoder = createGeoplateformeGeocoder({ baseUrl: `${service.baseUrl}/geocodage/` });
    const found = await geocoder.suggest('12 rue de la République, Lyon', 5);
    expect(found).toEqual([
      { label: '12 Rue de la République 69002 Lyon', postcode: '69002', city: 'Lyon', lat: 45.7614, lon: 4.8361, inseeCode: '69382' },
      { label: '12 Rue de la République 69001 Lyon', postcode: '69001', city: 'Lyon', lat: 45.7652, lon: 4.8357, inseeCode: '69381' },
    ]);
    const url = new URL(service.requests[0]!.url, service.baseUrl);
    expect(url.pathname).toBe('/geocodage/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '12 rue de la République, Lyon', limit: '5', index: 'address' });
  });

  it('geocodes to the best feature, or null when the service is not confident', async () => {
    let score = 0.92;
    const service = await startService((_req, res) =>
      sendJson(res, 200, { type: 'FeatureCollection', features: [addressFeature('Lyon', 4.835, 45.758, { score })] }),
    );
    const geocoder = createGeoplateformeGeocoder({ baseUrl: service.baseUrl });
    expect(await geocoder.geocode('Lyon')).toMatchObject({ lat: 45.758, lon: 4.835 });
    expect(new URL(service.requests[0]!.url, service.baseUrl).searchParams.get('limit')).toBe('1');
    score = 0.12;
    expect(await geocoder.geocode('xq lyon')).toBeNull();
  });

  it('returns nothing, without calling, for a query too short for the service', async () => {
    const service = await startService((_req, res) => sendJson(res, 500, {}));
    const geocoder = createGeoplateformeGeocoder({ baseUrl: service.baseUrl });
    expect(await geocoder.suggest('ly')).toEqual([]);
    expect(service.requests).toHaveLength(0);
  });

  it('treats a 400 (query refused) as no result', async () => {
    const service = await startService((_req, res) => sendJson(res, 400, { code: 400, message: 'Failed parsing query' }));
    expect(await createGeoplateformeGeocoder({ baseUrl: service.baseUrl }).geocode('???')).toBeNull();
  });

  it('reports a server error as unavailable', async () => {
    const service = await startService((_req, res) => sendJson(res, 503, 'Service Unavailable'));
    await expectRejection(createGeoplateformeGeocoder({ baseUrl: service.baseUrl }).suggest('Lyon'), GeoServiceError, 'unavailable');
  });

  it('reports malformed data as bad_response', async () => {
    let body: unknown = { type: 'FeatureCollection' };
    const service = await startService((_req, res) => sendJson(res, 200, body));
    const geocoder = createGeoplateformeGeocoder({ baseUrl: service.baseUrl });
    await expectRejection(geocoder.suggest('Lyon'), GeoServiceError, 'bad_response');
    body = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: { label: 'x' } }] };
    await expectRejection(geocoder.suggest('Lyon'), GeoServiceError, 'bad_response');
    body = '<html>maintenance</html>';
    await expectRejection(geocoder.suggest('Lyon'), GeoServiceError, 'bad_response');
  });
});

describe('OSRM router', () => {
  it('asks for the driving route lon,lat;lon,lat and converts metres to km', async () => {
    const service = await startService((_req, res) =>
      sendJson(res, 200, {
        code: 'Ok',
        routes: [{ distance: 465123.4, duration: 16000.2, weight: 16000.2, weight_name: 'routability', legs: [] }],
        waypoints: [],
      }),
    );
    const km = await createOsrmRouter({ baseUrl: `${service.baseUrl}/` }).distanceKm(PARIS, LYON);
    expect(km).toBeCloseTo(465.1234, 6);
    expect(service.requests[0]!.url).toBe('/route/v1/driving/2.3522,48.8566;4.832,45.7578?overview=false');
  });

  it('turns NoRoute into a not-found error', async () => {
    const service = await startService((_req, res) => sendJson(res, 400, { code: 'NoRoute', message: 'Impossible route between points' }));
    await expectRejection(createOsrmRouter({ baseUrl: service.baseUrl }).distanceKm(PARIS, LYON), GeoNotFoundError, 'no_route');
  });

  it('reports malformed answers and server errors', async () => {
    let status = 200;
    let body: unknown = { code: 'Ok', routes: [{ duration: 12 }] };
    const service = await startService((_req, res) => sendJson(res, status, body));
    const router = createOsrmRouter({ baseUrl: service.baseUrl });
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'bad_response');
    body = { code: 'Ok', routes: [] };
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'bad_response');
    status = 502;
    body = 'Bad Gateway';
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'unavailable');
  });
});

describe('Google Routes router', () => {
  it('posts a one-by-one DRIVE matrix with key and field mask, and reads distanceMeters', async () => {
    const service = await startService((_req, res) =>
      // proto3 JSON omits zero values: originIndex and destinationIndex 0 are absent.
      sendJson(res, 200, [{ status: {}, distanceMeters: 463870, duration: '16200s', condition: 'ROUTE_EXISTS' }]),
    );
    const router = createGoogleRouter({ apiKey: 'test-key', baseUrl: service.baseUrl });
    expect(await router.distanceKm(PARIS, LYON)).toBeCloseTo(463.87, 6);
    const request = service.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/distanceMatrix/v2:computeRouteMatrix');
    expect(request.headers['x-goog-api-key']).toBe('test-key');
    expect(request.headers['x-goog-fieldmask']).toContain('distanceMeters');
    expect(JSON.parse(request.body)).toEqual({
      origins: [{ waypoint: { location: { latLng: { latitude: 48.8566, longitude: 2.3522 } } } }],
      destinations: [{ waypoint: { location: { latLng: { latitude: 45.7578, longitude: 4.832 } } } }],
      travelMode: 'DRIVE',
    });
  });

  it('accepts explicit indexes', async () => {
    const service = await startService((_req, res) =>
      sendJson(res, 200, [{ originIndex: 0, destinationIndex: 0, status: {}, distanceMeters: 1500, condition: 'ROUTE_EXISTS' }]),
    );
    expect(await createGoogleRouter({ apiKey: 'k', baseUrl: service.baseUrl }).distanceKm(PARIS, LYON)).toBe(1.5);
  });

  it('turns ROUTE_NOT_FOUND into a not-found error', async () => {
    const service = await startService((_req, res) => sendJson(res, 200, [{ status: {}, condition: 'ROUTE_NOT_FOUND' }]));
    await expectRejection(
      createGoogleRouter({ apiKey: 'k', baseUrl: service.baseUrl }).distanceKm(PARIS, LYON),
      GeoNotFoundError,
      'no_route',
    );
  });

  it('reports a refused key, malformed data and element errors', async () => {
    let status = 403;
    let body: unknown = { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } };
    const service = await startService((_req, res) => sendJson(res, status, body));
    const router = createGoogleRouter({ apiKey: 'bad', baseUrl: service.baseUrl });
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'unavailable');
    status = 200;
    body = { distanceMeters: 12 };
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'bad_response');
    body = [{ status: { code: 3, message: 'INVALID_ARGUMENT' }, condition: 'ROUTE_EXISTS', distanceMeters: 5 }];
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'bad_response');
    body = [{ originIndex: 1, destinationIndex: 0, status: {}, distanceMeters: 5, condition: 'ROUTE_EXISTS' }];
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'bad_response');
  });
});

// Shape documented for GET /navigation/itineraire (road2 "simple" API, resource bdtopo-osrm):
// distance in the requested distanceUnit, the points echoed as "lon,lat", optional geometry.
function itinerary(distance: number) {
  return {
    resource: 'bdtopo-osrm',
    resourceVersion: '2025-01-01',
    start: '2.3522,48.8566',
    end: '4.832,45.7578',
    profile: 'car',
    optimization: 'fastest',
    distance,
    duration: 4.52,
    crs: 'EPSG:4326',
    distanceUnit: 'kilometer',
    timeUnit: 'hour',
    geometry: {
      type: 'LineString',
      coordinates: [
        [2.3522, 48.8566],
        [4.832, 45.7578],
      ],
    },
    constraints: [],
    portions: [{ start: '2.3522,48.8566', end: '4.832,45.7578', distance, duration: 4.52, steps: [] }],
  };
}

describe('Géoplateforme router', () => {
  it('asks bdtopo-osrm for the fastest car route in kilometres, points as lon,lat, and reads the distance', async () => {
    const service = await startService((_req, res) => sendJson(res, 200, itinerary(463.8)));
    const km = await createGeoplateformeRouter({ baseUrl: `${service.baseUrl}/navigation/itineraire` }).distanceKm(PARIS, LYON);
    expect(km).toBe(463.8);
    const url = new URL(service.requests[0]!.url, service.baseUrl);
    expect(service.requests[0]!.method).toBe('GET');
    expect(url.pathname).toBe('/navigation/itineraire');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      resource: 'bdtopo-osrm',
      start: '2.3522,48.8566',
      end: '4.832,45.7578',
      profile: 'car',
      optimization: 'fastest',
      distanceUnit: 'kilometer',
    });
  });

  it('takes the service base as well as the endpoint itself', async () => {
    const service = await startService((_req, res) => sendJson(res, 200, itinerary(10)));
    await createGeoplateformeRouter({ baseUrl: `${service.baseUrl}/navigation/` }).distanceKm(PARIS, LYON);
    expect(new URL(service.requests[0]!.url, service.baseUrl).pathname).toBe('/navigation/itineraire');
  });

  it('turns the documented "no route" refusals into a not-found error', async () => {
    let status = 404;
    const service = await startService((_req, res) => sendJson(res, status, { error: { errorType: status, message: ' No route found ' } }));
    const router = createGeoplateformeRouter({ baseUrl: service.baseUrl });
    await expectRejection(router.distanceKm(PARIS, LYON), GeoNotFoundError, 'no_route');
    status = 400;
    await expectRejection(router.distanceKm(PARIS, LYON), GeoNotFoundError, 'no_route');
  });

  it('reports outages, refusals without the error body and malformed answers', async () => {
    let status = 503;
    let body: unknown = '<html>Service Unavailable</html>';
    const service = await startService((_req, res) => sendJson(res, status, body));
    const router = createGeoplateformeRouter({ baseUrl: service.baseUrl });
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'unavailable');
    status = 429;
    body = { message: 'Too Many Requests' };
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'unavailable');
    status = 404;
    body = '<html>Not Found</html>';
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'unavailable');
    status = 200;
    body = { ...itinerary(1), distance: '463.8' };
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'bad_response');
    body = { resource: 'bdtopo-osrm' };
    await expectRejection(router.distanceKm(PARIS, LYON), GeoServiceError, 'bad_response');
  });
});

/** Each adapter's one question, to the fake service at `baseUrl`, with the timeout given. */
const ADAPTERS: [string, (baseUrl: string, timeoutMs?: number) => Promise<unknown>][] = [
  ['Géoplateforme geocoder', (baseUrl, timeoutMs) => createGeoplateformeGeocoder({ baseUrl, timeoutMs }).suggest('Lyon')],
  ['OSRM router', (baseUrl, timeoutMs) => createOsrmRouter({ baseUrl, timeoutMs }).distanceKm(PARIS, LYON)],
  ['Google Routes router', (baseUrl, timeoutMs) => createGoogleRouter({ apiKey: 'k', baseUrl, timeoutMs }).distanceKm(PARIS, LYON)],
  ['Géoplateforme router', (baseUrl, timeoutMs) => createGeoplateformeRouter({ baseUrl, timeoutMs }).distanceKm(PARIS, LYON)],
];

describe.each(ADAPTERS)('%s, whatever it asks', (_name, ask) => {
  it('gives up after the timeout', async () => {
    // The fake service never answers: only the adapter's own timeout can end the request.
    const service = await startService(() => undefined);
    await expectRejection(ask(service.baseUrl, 150), GeoServiceError, 'timeout');
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = await startFakeService(() => undefined);
    await closed.close();
    await expectRejection(ask(closed.baseUrl), GeoServiceError, 'unavailable');
  });
});
