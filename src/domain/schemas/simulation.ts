import { z } from 'zod';
import { VEHICLE_TYPES } from '../pricing.ts';
import { texts } from '../texts/common.ts';
import { storableString } from './text.ts';

/** An address as typed or chosen in the autocomplete: trimmed, bounded, printable. */
export const addressTextSchema = storableString({ error: texts.simulatorRequired, trim: true })
  .min(1, texts.simulatorRequired)
  .max(300, 'Adresse trop longue (300 caractères au plus).');

/** The text typed in the address autocomplete. */
export const addressQuerySchema = z.object({
  q: storableString().max(200, 'Recherche trop longue (200 caractères au plus).'),
});

const typeVehiculeSchema = z.enum(VEHICLE_TYPES, { error: 'Type de véhicule inconnu.' });

export const distanceRequestSchema = z.strictObject({
  depart: addressTextSchema,
  arrivee: addressTextSchema,
});

export const simulationRequestSchema = z.strictObject({
  adresseDepart: addressTextSchema,
  adresseArrivee: addressTextSchema,
  typeVehicule: typeVehiculeSchema,
});
export type SimulationRequest = z.infer<typeof simulationRequestSchema>;

export const simulationResultSchema = z.object({
  distanceKm: z.number(),
  /** Whole euros; null over 1200 km (no price, nothing saved). */
  prix: z.number().nullable(),
  /** The saved quote's id and number for a logged-in customer; null for a visitor. */
  devis: z.object({ id: z.string(), numeroDevis: z.number().int() }).nullable(),
});
export type SimulationResult = z.infer<typeof simulationResultSchema>;

export const addressSuggestionSchema = z.object({
  label: z.string(),
  postcode: z.string(),
  city: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type AddressSuggestionDto = z.infer<typeof addressSuggestionSchema>;
