// Price simulation rules of SPEC section 9. Pure and browser-safe: the simulator shows the same
// estimate that the server stores.

export const VEHICLE_TYPES = ['Citadine', 'Berline', 'SUV/Sport', 'Utilitaire <6m³', 'Utilitaire 6–12m³', 'Utilitaire 12–30m³'] as const;

export type TypeVehicule = (typeof VEHICLE_TYPES)[number];

export const MAX_DISTANCE_KM = 1200;

export const DISTANCE_BREAKPOINTS_KM = [100, 200, 300, 400, 600, 800, 1000, 1200] as const;

type RateRow = readonly [number, number, number, number, number, number, number, number];

/** Euros per km at each of DISTANCE_BREAKPOINTS_KM. */
export const RATES_PER_KM: Readonly<Record<TypeVehicule, RateRow>> = {
  Citadine: [1.25, 0.97, 0.91, 0.87, 0.83, 0.8, 0.78, 0.76],
  Berline: [1.41, 1.09, 1.0, 0.95, 0.91, 0.87, 0.84, 0.81],
  'SUV/Sport': [1.57, 1.19, 1.08, 1.04, 0.97, 0.94, 0.91, 0.88],
  'Utilitaire <6m³': [1.44, 1.39, 1.32, 1.25, 1.18, 1.13, 1.08, 1.02],
  'Utilitaire 6–12m³': [1.57, 1.48, 1.41, 1.34, 1.25, 1.18, 1.13, 1.06],
  'Utilitaire 12–30m³': [1.71, 1.61, 1.53, 1.44, 1.34, 1.27, 1.2, 1.13],
};

export function isTypeVehicule(value: unknown): value is TypeVehicule {
  return typeof value === 'string' && (VEHICLE_TYPES as readonly string[]).includes(value);
}

function isPricedDistance(distanceKm: number): boolean {
  return Number.isFinite(distanceKm) && distanceKm >= 0 && distanceKm <= MAX_DISTANCE_KM;
}

/**
 * Rate in euros/km, linearly interpolated between breakpoints; the first rate applies up to
 * 100 km. Null outside [0, MAX_DISTANCE_KM] or for an unknown vehicle type.
 */
export function rateFor(typeVehicule: string, distanceKm: number): number | null {
  if (!isTypeVehicule(typeVehicule) || !isPricedDistance(distanceKm)) return null;
  const rates = RATES_PER_KM[typeVehicule];
  if (distanceKm <= DISTANCE_BREAKPOINTS_KM[0]) return rates[0];
  for (let i = 1; i < DISTANCE_BREAKPOINTS_KM.length; i++) {
    const upperKm = DISTANCE_BREAKPOINTS_KM[i]!;
    if (distanceKm > upperKm) continue;
    const lowerKm = DISTANCE_BREAKPOINTS_KM[i - 1]!;
    const lowerRate = rates[i - 1]!;
    const upperRate = rates[i]!;
    return lowerRate + ((upperRate - lowerRate) * (distanceKm - lowerKm)) / (upperKm - lowerKm);
  }
  return rates[rates.length - 1]!;
}

/**
 * Estimated price in whole euros (rate × distance, rounded half up), or null when no price may
 * be quoted: unknown type, distance negative, not finite or over MAX_DISTANCE_KM.
 * 0 km prices at 0 €: the arithmetic holds, and refusing a zero distance is the API's job
 * (SPEC section 7 treats it as a failed distance, not a price).
 */
export function estimatePrice(typeVehicule: string, distanceKm: number): number | null {
  const rate = rateFor(typeVehicule, distanceKm);
  if (rate === null) return null;
  // Interpolated rates carry binary noise (0.87 × 450 = 391.49999…); trimming it to a
  // micro-euro makes an exact half-euro round up as a person computing by hand would.
  const exact = Math.round(rate * distanceKm * 1e6) / 1e6;
  return Math.round(exact);
}
