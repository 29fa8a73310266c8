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

/**
 * What a signed-in route on a record may refuse, the refusals most routes document: an invalid
 * request, no session, another role's or another owner's record, none, or one whose state forbids it.
 */
export const refusals = errorResponses(400, 401, 403, 404, 409);

/**
 * A route's OpenAPI schema in one expression: its capability's tags, its summary, then what it
 * takes and answers (`params`, `querystring`, `body`, `response`, …), typed as written so that
 * the handler's request stays typed.
 */
export function routeSchema<const S extends object>(tags: string[], summary: string, schema: S): { tags: string[]; summary: string } & S {
  return { tags, summary, ...schema };
}
