import { describe, expect, it } from 'vitest';
import { MAX_DISTANCE_KM, VEHICLE_TYPES, estimatePrice, isTypeVehicule, rateFor } from './pricing.js';

// Expected prices worked out by hand from the SPEC section 9 table (rate × km, half up).
const PRICES_AT_BREAKPOINTS: Record<string, number[]> = {
  //                     100  200  300  400  600  800  1000  1200
  Citadine: /*        */ [125, 194, 273, 348, 498, 640, 780, 912],
  Berline: /*         */ [141, 218, 300, 380, 546, 696, 840, 972],
  'SUV/Sport': /*     */ [157, 238, 324, 416, 582, 752, 910, 1056],
  'Utilitaire <6m³': [144, 278, 396, 500, 708, 904, 1080, 1224],
  'Utilitaire 6–12m³': [157, 296, 423, 536, 750, 944, 1130, 1272],
  'Utilitaire 12–30m³': [171, 322, 459, 576, 804, 1016, 1200, 1356],
};
const BREAKPOINTS = [100, 200, 300, 400, 600, 800, 1000, 1200];

describe('VEHICLE_TYPES', () => {
  it('lists the six labels of the spec, with en dashes and cubic metres', () => {
    expect(VEHICLE_TYPES).toEqual([
      'Citadine',
      'Berline',
      'SUV/Sport',
      'Utilitaire <6m\u00b3',
      'Utilitaire 6\u201312m\u00b3',
      'Utilitaire 12\u201330m\u00b3',
    ]);
  });

  it('recognises only those labels', () => {
    expect(isTypeVehicule('Berline')).toBe(true);
    expect(isTypeVehicule('Utilitaire 6-12m³')).toBe(false);
    expect(isTypeVehicule(undefined)).toBe(false);
  });
});

describe('estimatePrice at every breakpoint', () => {
  const cases = Object.entries(PRICES_AT_BREAKPOINTS).flatMap(([type, prices]) =>
    BREAKPOINTS.map((km, i) => ({ type, km, price: prices[i] })),
  );
  it.each(cases)('$type at $km km costs $price €', ({ type, km, price }) => {
    expect(estimatePrice(type, km)).toBe(price);
  });

  it('covers all six vehicle types', () => {
    expect(Object.keys(PRICES_AT_BREAKPOINTS).sort()).toEqual([...VEHICLE_TYPES].sort());
  });
});

describe('estimatePrice between breakpoints', () => {
  it.each([
    // Citadine 150 km: rate 1.11 → 166.5 → 167 (half up)
    { type: 'Citadine', km: 150, price: 167 },
    { type: 'Citadine', km: 500, price: 425 },
    // Citadine 700 km: rate 0.815 → 570.5 → 571
    { type: 'Citadine', km: 700, price: 571 },
    { type: 'Berline', km: 150, price: 188 },
    { type: 'SUV/Sport', km: 500, price: 503 },
    { type: 'Utilitaire <6m³', km: 150, price: 212 },
    { type: 'Utilitaire 6–12m³', km: 700, price: 851 },
    { type: 'Utilitaire 12–30m³', km: 1100, price: 1282 },
    { type: 'Berline', km: 250.5, price: 262 },
  ])('$type at $km km costs $price €', ({ type, km, price }) => {
    expect(estimatePrice(type, km)).toBe(price);
  });

  it('interpolates the rate linearly', () => {
    expect(rateFor('Citadine', 150)).toBeCloseTo(1.11, 10);
    expect(rateFor('Berline', 250)).toBeCloseTo(1.045, 10);
    expect(rateFor('SUV/Sport', 900)).toBeCloseTo(0.925, 10);
  });
});

describe('estimatePrice at the edges', () => {
  it('uses the first rate up to 100 km', () => {
    expect(rateFor('Citadine', 1)).toBe(1.25);
    expect(rateFor('Citadine', 99.9)).toBe(1.25);
    expect(estimatePrice('Citadine', 50)).toBe(63);
    expect(estimatePrice('SUV/Sport', 10)).toBe(16);
  });

  it('prices 0 km at 0 € (the API refuses a zero distance before pricing)', () => {
    expect(estimatePrice('Citadine', 0)).toBe(0);
  });

  it('prices exactly the maximum distance and refuses anything beyond', () => {
    expect(MAX_DISTANCE_KM).toBe(1200);
    expect(estimatePrice('Citadine', 1200)).toBe(912);
    expect(estimatePrice('Citadine', 1200.1)).toBeNull();
    expect(estimatePrice('Berline', 5000)).toBeNull();
  });

  it.each([-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])('refuses the distance %s', (km) => {
    expect(estimatePrice('Citadine', km)).toBeNull();
    expect(rateFor('Citadine', km)).toBeNull();
  });

  it.each(['', 'Camion', 'citadine', 'Utilitaire 6-12m3'])('refuses the unknown type "%s"', (type) => {
    expect(estimatePrice(type, 300)).toBeNull();
  });
});
