import { describe, expect, it } from 'vitest';
import { createOfflineGeocoder } from './offline-geocoder.js';
import { ROAD_FACTOR, createOfflineRouter } from './offline-router.js';
import { ROAD_CALIBRATION } from './road-calibration.js';
import { type CalibrationSample, fitRoadFactor, greatCircleKm, leaveOneOut } from './road-factor.js';

const geocoder = createOfflineGeocoder();

async function calibrationSamples(): Promise<(CalibrationSample & { pair: string })[]> {
  return Promise.all(
    ROAD_CALIBRATION.map(async ({ depart, arrivee, routeKm }) => {
      const from = await geocoder.geocode(depart);
      const to = await geocoder.geocode(arrivee);
      if (!from || !to) throw new Error(`${depart} or ${arrivee} did not geocode`);
      return { pair: `${depart}–${arrivee}`, greatCircleKm: greatCircleKm(from, to), roadKm: routeKm };
    }),
  );
}

describe('greatCircleKm', () => {
  it('measures known distances', () => {
    // Notre-Dame de Paris to Fourvière, Lyon: 392 km as the crow flies.
    expect(greatCircleKm({ lat: 48.853, lon: 2.3499 }, { lat: 45.7623, lon: 4.8227 })).toBeCloseTo(392, -1);
    // A quarter of a meridian is 10 008 km.
    expect(greatCircleKm({ lat: 0, lon: 0 }, { lat: 90, lon: 0 })).toBeCloseTo(10_008, -1);
    expect(greatCircleKm({ lat: 45, lon: 5 }, { lat: 45, lon: 5 })).toBe(0);
  });
});

describe('fitRoadFactor', () => {
  it('takes the median ratio, unmoved by one outlier', () => {
    const samples = [
      { greatCircleKm: 100, roadKm: 120 },
      { greatCircleKm: 100, roadKm: 125 },
      { greatCircleKm: 100, roadKm: 300 },
    ];
    expect(fitRoadFactor(samples)).toBeCloseTo(1.25, 10);
    expect(fitRoadFactor(samples.slice(0, 2))).toBeCloseTo(1.225, 10);
  });
});

describe('offline router on the calibration pairs', () => {
  it('uses the factor fitted on all pairs geocoded offline', async () => {
    expect(fitRoadFactor(await calibrationSamples())).toBeCloseTo(ROAD_FACTOR, 4);
  });

  it('predicts each pair within 12 % and half of them within 5 %', async () => {
    const router = createOfflineRouter();
    const errors: number[] = [];
    for (const { depart, arrivee, routeKm } of ROAD_CALIBRATION) {
      const km = await router.distanceKm((await geocoder.geocode(depart))!, (await geocoder.geocode(arrivee))!);
      errors.push(Math.abs(km - routeKm) / routeKm);
    }
    errors.sort((a, b) => a - b);
    expect(errors[errors.length - 1]).toBeLessThanOrEqual(0.12);
    expect((errors[4]! + errors[5]!) / 2).toBeLessThanOrEqual(0.05);
  });

  it('meets the accuracy targets in leave-one-out (each pair predicted by a factor fitted without it)', async () => {
    const result = leaveOneOut(await calibrationSamples());
    expect(result.predictions).toHaveLength(10);
    expect(result.medianErrorPercent).toBeLessThanOrEqual(5);
    expect(result.worstErrorPercent).toBeLessThanOrEqual(12);
  });

  it('is symmetric and zero for the same point', async () => {
    const router = createOfflineRouter();
    const a = { lat: 43.6045, lon: 1.4442 };
    const b = { lat: 43.6109, lon: 3.8772 };
    expect(await router.distanceKm(a, b)).toBeCloseTo(await router.distanceKm(b, a), 9);
    expect(await router.distanceKm(a, a)).toBe(0);
  });
});
