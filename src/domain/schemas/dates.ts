import { z } from 'zod';

/** A calendar day as the API answers it: `YYYY-MM-DD`, no time (written by the server, not checked). */
export const isoDaySchema = z.string();

/** A moment as the API answers it: ISO 8601 with its time and offset (written by the server, not checked). */
export const isoInstantSchema = z.string();
