import { z } from 'zod';

/** The one error shape of the API, for OpenAPI and the response serializer. */
const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});

/** The refusals a route documents, each answered with the one error shape. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorSchema])) as Record<S, typeof errorSchema>;
}
