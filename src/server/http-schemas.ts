import { z } from 'zod';

/** The one error shape of the API, for OpenAPI. */
export const errorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
