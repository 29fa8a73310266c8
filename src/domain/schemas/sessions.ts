import { z } from 'zod';
import { isoInstantSchema } from './dates.ts';

/** One open session of the caller's account (`GET /api/comptes/sessions`). */
export const deviceSessionSchema = z.object({
  id: z.string(),
  navigateur: z.string().nullable(),
  systeme: z.string().nullable(),
  appareil: z.string().nullable(),
  ip: z.string().nullable(),
  creeLe: isoInstantSchema,
  derniereActivite: isoInstantSchema,
  estCetAppareil: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export const revokeOthersResponseSchema = z.object({ deconnectees: z.number() });
