import { z } from 'zod';
import { isoInstantSchema } from './dates.ts';

/** GET /api/cgv: the terms of sale in force. */
export const cgvSchema = z.object({
  version: z.number().int().positive(),
  /** When this text came into force (ISO, UTC). */
  date: isoInstantSchema,
  sha256: z.string(),
  /** Markdown. */
  texte: z.string(),
});
export type CgvAnswer = z.infer<typeof cgvSchema>;
