// The external JSON the geo adapters read, as zod schemas: each describes only the fields an
// adapter uses (unknown fields pass), in the shape the service documents. An answer that does not
// match is a `bad_response`, never a crash or a silently wrong number.
import { z } from 'zod';
import { GeoServiceError } from './errors.js';

// zod 4 numbers refuse NaN and ±Infinity.
const finite = z.number();

/** Géoplateforme geocoding: a GeoJSON FeatureCollection of address points. */
export const geoplateformeSearchSchema = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([finite, finite]).rest(z.unknown()) }),
      properties: z.object({
        label: z.string(),
        postcode: z.string().optional(),
        city: z.string().optional(),
        citycode: z.string().optional(),
        score: finite.optional(),
      }),
    }),
  ),
});

/** Géoplateforme itinerary (`/navigation/itineraire`): the total `distance` in `distanceUnit`. */
export const geoplateformeRouteSchema = z.object({
  distance: finite.nonnegative(),
  duration: finite.optional(),
  resource: z.string().optional(),
});

/** Géoplateforme (road2) error body: `{error: {errorType, message}}`. */
export const geoplateformeErrorSchema = z.object({
  error: z.object({ errorType: z.unknown().optional(), message: z.string().optional() }),
});

/** OSRM `route` service: `code`, and `routes[0].distance` in metres when `code` is `Ok`. */
export const osrmCodeSchema = z.object({ code: z.string() });
export const osrmRouteSchema = z.object({
  code: z.literal('Ok'),
  routes: z.array(z.object({ distance: finite.nonnegative() })).min(1),
});

/** Google Routes `computeRouteMatrix`: an array of elements; proto3 JSON omits zero values. */
export const googleMatrixSchema = z.array(
  z.object({
    originIndex: z.number().int().optional(),
    destinationIndex: z.number().int().optional(),
    status: z.object({ code: z.number().int().optional(), message: z.string().optional() }).optional(),
    condition: z.string().optional(),
    distanceMeters: finite.nonnegative().optional(),
  }),
);

export const googleErrorSchema = z.object({ error: z.object({ status: z.string().optional() }) });

/** Parses `body` with `schema`, or throws a `bad_response` naming the first problem. */
export function parseWire<T>(schema: z.ZodType<T>, service: string, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new GeoServiceError('bad_response', service, `${what}: unexpected shape${where} (${issue?.message ?? 'invalid'})`);
}
