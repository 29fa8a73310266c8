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
 * The refusals most signed-in routes on a record document: an invalid request (400), no session
 * (401), the wrong role (403), no such record or another owner's (404), a state that forbids it (409).
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

/**
 * What a route that answers a file documents: the types it may send, its body described, and its
 * refusals (those of `refusals` unless said). Spread into its schema: `...fileAnswer(['text/csv'], …)`.
 */
export function fileAnswer<const R extends object = typeof refusals>(types: string[], body: string, refused?: R) {
  return { produces: types, response: { 200: z.any().describe(body), ...(refused ?? refusals) } };
}
