// Two kinds of failure reach the API layer: the remote service misbehaved (GeoServiceError, a
// 502/503/504 matter) or the user's input leads nowhere (GeoNotFoundError, a 422 matter).

export type GeoServiceErrorCode = 'timeout' | 'unavailable' | 'bad_response';

export class GeoServiceError extends Error {
  override readonly name = 'GeoServiceError';
  constructor(
    readonly code: GeoServiceErrorCode,
    readonly service: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${service}: ${message}`, options);
  }
}

export type GeoNotFoundCode = 'depart_not_found' | 'arrivee_not_found' | 'no_route' | 'zero_distance';

export class GeoNotFoundError extends Error {
  override readonly name = 'GeoNotFoundError';
  constructor(
    readonly code: GeoNotFoundCode,
    message: string,
  ) {
    super(message);
  }
}
