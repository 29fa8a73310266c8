import { describe, expect, it } from 'vitest';
import { GeoNotFoundError } from './errors.js';
import { createGeoplateformeRouter } from './geoplateforme-router.js';
import { createOfflineRouter } from './offline-router.js';
import { createResilientRouter } from './resilient-router.js';
import { perTestFakeServices, sendJson } from '#server/test/fake-service.ts';

const startService = perTestFakeServices();

const PARIS = { lat: 48.8566, lon: 2.3522 };
const LYON = { lat: 45.7578, lon: 4.832 };
const NICE = { lat: 43.7031, lon: 7.2661 };

function recordingLogger() {
  const warnings: { object: Record<string, unknown>; message: string }[] = [];
  return { warnings, warn: (object: object, message: string) => warnings.push({ object: object as Record<string, unknown>, message }) };
}

describe('Géoplateforme router with cache and fall-back', () => {
  it('asks the service once per trip and answers repeats from the cache', async () => {
    const service = await startService((_req, res) => sendJson(res, 200, { distance: 463.8, resource: 'bdtopo-osrm' }));
    const router = createResilientRouter(createGeoplateformeRouter({ baseUrl: service.baseUrl }), createOfflineRouter());
    expect(await router.distanceKm(PARIS, LYON)).toBe(463.8);
    expect(await router.distanceKm(PARIS, LYON)).toBe(463.8);
    expect(service.requests).toHaveLength(1);
    await router.distanceKm(LYON, PARIS);
    expect(service.requests).toHaveLength(2);
  });

  it('prices with the offline estimate and logs a warning when the service is down, and asks again later', async () => {
    const service = await startService((_req, res) => sendJson(res, 503, '<html>Service Unavailable</html>'));
    let now = 1_000;
    const logger = recordingLogger();
    const offline = createOfflineRouter();
    const router = createResilientRouter(createGeoplateformeRouter({ baseUrl: service.baseUrl }), offline, {
      logger,
      retryAfterMs: 30_000,
      now: () => now,
    });
    expect(await router.distanceKm(PARIS, LYON)).toBeCloseTo(await offline.distanceKm(PARIS, LYON), 9);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]!.message).toMatch(/offline estimate/);
    expect(logger.warnings[0]!.object).toMatchObject({ service: 'Géoplateforme itinéraire', code: 'unavailable' });

    // While it is known to be down, no request waits for it.
    now += 10_000;
    expect(await router.distanceKm(PARIS, NICE)).toBeCloseTo(await offline.distanceKm(PARIS, NICE), 9);
    expect(service.requests).toHaveLength(1);
    now += 30_000;
    await router.distanceKm(PARIS, NICE);
    expect(service.requests).toHaveLength(2);
    expect(logger.warnings).toHaveLength(2);
  });

  it('falls back on a malformed answer or a timeout too, but not on "no route"', async () => {
    let mode: 'garbage' | 'silent' | 'no-route' = 'garbage';
    const service = await startService((_req, res) => {
      if (mode === 'garbage') sendJson(res, 200, { distance: 'far' });
      if (mode === 'no-route') sendJson(res, 404, { error: { errorType: 404, message: 'No route found' } });
    });
    const logger = recordingLogger();
    const offline = createOfflineRouter();
    const make = () =>
      createResilientRouter(createGeoplateformeRouter({ baseUrl: service.baseUrl, timeoutMs: 150 }), offline, { logger, retryAfterMs: 0 });
    expect(await make().distanceKm(PARIS, LYON)).toBeCloseTo(await offline.distanceKm(PARIS, LYON), 9);
    mode = 'silent';
    expect(await make().distanceKm(PARIS, LYON)).toBeCloseTo(await offline.distanceKm(PARIS, LYON), 9);
    expect(logger.warnings.map((w) => w.object.code)).toEqual(['bad_response', 'timeout']);
    mode = 'no-route';
    const error = await make()
      .distanceKm(PARIS, LYON)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(GeoNotFoundError);
  });
});
