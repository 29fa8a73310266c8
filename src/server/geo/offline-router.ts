import { greatCircleKm } from './road-factor.js';
import type { Router } from './types.js';

/**
 * fitRoadFactor over the 10 pairs of ROAD_CALIBRATION geocoded by the offline gazetteer
 * (median ratio 1.2043; `npm run bench:geo` recomputes it, a test keeps the two in step).
 */
export const ROAD_FACTOR = 1.2043;

export function createOfflineRouter(options: { roadFactor?: number } = {}): Router {
  const factor = options.roadFactor ?? ROAD_FACTOR;
  return {
    distanceKm: async (from, to) => greatCircleKm(from, to) * factor,
  };
}
