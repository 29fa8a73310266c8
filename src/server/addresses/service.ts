import type { FastifyBaseLogger } from 'fastify';
import { texts } from '#domain/texts/common.ts';
import { AppError } from '#server/errors.ts';
import { computeDistance, GeoNotFoundError, GeoServiceError, type Geo } from '#server/geo/index.ts';
import { serverMessages } from '#domain/texts/server.ts';

const serviceStatus = { timeout: 504, unavailable: 503, bad_response: 502 } as const;

/**
 * Whole road kilometres between two addresses. An address that leads nowhere is the user's
 * to fix (422, the spec's message); a failing remote service is ours (5xx, said plainly).
 */
export async function measureDistance(geo: Geo, depart: string, arrivee: string, log: FastifyBaseLogger): Promise<number> {
  try {
    return await computeDistance(geo, depart, arrivee);
  } catch (error) {
    if (error instanceof GeoNotFoundError) {
      throw new AppError('validation', texts.simulatorFailure, { statusCode: 422, details: { reason: error.code } });
    }
    if (error instanceof GeoServiceError) {
      log.error({ err: error, service: error.service }, 'distance service failed');
      throw new AppError('unavailable', serverMessages.distanceUnavailable, { statusCode: serviceStatus[error.code] });
    }
    throw error;
  }
}
