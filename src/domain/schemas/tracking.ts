import { z } from 'zod';
import { isoInstantSchema } from './dates.ts';
import { clientIdSchema } from './missions.ts';

/** How many positions one request may carry: a day offline at one every 5 minutes is 288. */
export const MAX_POSITIONS_PER_BATCH = 500;

/** One position read by the operator's phone (Geolocation API), under an id the page made. */
export const positionSchema = z.object({
  id: clientIdSchema,
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** Metres, as the phone reports it. */
  precision: z.number().min(0).max(100_000),
  /** When the phone read it (ISO 8601 with its offset). */
  prisLe: z.iso.datetime({ offset: true }),
});
export type Position = z.infer<typeof positionSchema>;

/** POST /api/admin/missions/{id}/positions */
export const positionsBodySchema = z.object({ positions: z.array(positionSchema).min(1).max(MAX_POSITIONS_PER_BATCH) });
export type PositionsBody = z.infer<typeof positionsBodySchema>;

export const positionsAnswerSchema = z.object({
  /** Positions new to the server in this batch (those sent before are counted once, then). */
  enregistrees: z.number().int(),
});
export type PositionsAnswer = z.infer<typeof positionsAnswerSchema>;

export const TRACKING_STATUSES = ['en attente', 'en route', 'livré'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

const pointSchema = z.tuple([z.number(), z.number()]);

/**
 * GET /api/devis/{id}/suivi and GET /api/suivi/{token}: the same view for the customer and the
 * receiver, without personal data nor price. `en attente`: picked up, no position yet.
 */
export const trackingViewSchema = z.object({
  statut: z.enum(TRACKING_STATUSES),
  numeroDevis: z.number().int(),
  villeDepart: z.string().nullable(),
  villeArrivee: z.string().nullable(),
  /** The town nearest to the last position, and when the phone read it. */
  ville: z.string().nullable(),
  positionLe: isoInstantSchema.nullable(),
  kmParcourus: z.number().int().nullable(),
  kmRestants: z.number().int().nullable(),
  /** The last position's time plus the driving time left at the router's speeds. */
  arriveeEstimee: isoInstantSchema.nullable(),
  livreLe: isoInstantSchema.nullable(),
  /** The map: the route as the offline router knows it, and the last position, as [lat, lon]. */
  trace: z.array(pointSchema),
  position: pointSchema.nullable(),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;

/** The receiver's token in the path: base64url, as made by the server (at least 128 bits). */
export const trackingTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
