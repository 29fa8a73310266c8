import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './dates.ts';
import { REFACTURATIONS } from '../expenses.ts';
import { CLIENT_TYPES, LAVAGES, MOTORISATIONS, TYPES_CONVOYAGE } from '../devis-values.ts';
import { STATUTS } from '../statuses.ts';
import { idParamSchema, storableString } from './text.ts';

/** `:id` of every quote route, customer's and admin's. */
export const devisIdParamsSchema = z.object({ id: idParamSchema.describe('Identifiant du devis') });

/** GET /api/devis?q=… */
export const devisListQuerySchema = z.object({ q: storableString().max(200).optional().describe('Texte recherché') });

export { CLIENT_TYPES, LAVAGES, MOTORISATIONS, TYPES_CONVOYAGE } from '../devis-values.ts';

/** Field names as in the specification, section 3. */
export const contactSchema = z.object({ nom: z.string(), email: z.string(), telephone: z.string() });
export const clientDetailsSchema = z.object({
  nom: z.string(),
  email: z.string(),
  telephone: z.string(),
  siret: z.string().optional(),
});
/** A wished slot (day, from, to) and who hands over or takes the vehicle there: pickup and delivery alike. */
const slotFields = { debut: z.string(), fin: z.string(), nom: z.string().optional(), telephone: z.string().optional() };
export const priseInfoSchema = z.object({ datePriseEnCharge: z.string(), ...slotFields });
export const livraisonInfoSchema = z.object({ dateLivraisonSouhaitee: z.string(), ...slotFields });
export const optionsSchema = z.object({
  documentation: z.boolean(),
  lavage: z.enum(LAVAGES),
  sansCarburant: z.boolean(),
  wGarage: z.boolean(),
});
export const infosVehiculeSchema = z.object({
  immatriculation: z.string(),
  /** True when the plate is foreign (free text) rather than French SIV. */
  plaqueEtrangere: z.boolean().optional(),
  marque: z.string(),
  modele: z.string(),
  chassis: z.string().optional(),
  motorisation: z.enum(MOTORISATIONS),
});
/** The quote's clauses, and the costs the customer agreed at confirmation to pay at cost (expenses.ts). */
export const clausesSchema = z.object({
  km: z.boolean(),
  longDistance: z.boolean(),
  refacturation: z.array(z.enum(REFACTURATIONS)).max(REFACTURATIONS.length).optional(),
});
const dateRangeSchema = z.object({ start: z.string().nullable(), end: z.string().nullable() });
const historiqueEntrySchema = z.object({
  fromStatut: z.string().nullable(),
  toStatut: z.string(),
  byRole: z.string(),
  at: isoInstantSchema,
  /** An event that is not a status (« signé en ligne »), with whom it names. */
  event: z.string().nullable().optional(),
  byName: z.string().nullable().optional(),
});
export type HistoriqueEntry = z.infer<typeof historiqueEntrySchema>;

/** Where the quote's e-mail for signature stands (back office only). */
export const ENVOI_ETATS = ['en attente', 'échec', 'envoyé', 'annulé'] as const;
export const envoiSchema = z.object({
  etat: z.enum(ENVOI_ETATS),
  tentatives: z.number().int(),
  prochainEssai: isoInstantSchema.nullable(),
  envoyeLe: isoInstantSchema.nullable(),
  erreur: z.string().nullable(),
});
export type Envoi = z.infer<typeof envoiSchema>;

/** A quote as the API sends it. `prix` is in euros (whole from simulation, decimal once confirmed). */
export const devisSchema = z.object({
  id: z.string(),
  uid: z.string().nullable(),
  email: z.string().nullable(),
  numeroDevis: z.number().int(),
  /** Back office only: the number the original Firebase app gave an imported quote (null for the others). */
  numeroDevisOriginal: z.number().int().nullable().optional(),
  statut: z.enum(STATUTS),
  archive: z.boolean(),
  dateSimulation: z.string(),
  adresseDepart: z.string(),
  adresseArrivee: z.string(),
  typeVehicule: z.string(),
  distanceKm: z.number(),
  prix: z.number(),
  typeConvoyage: z.enum(TYPES_CONVOYAGE).nullable(),
  clientType: z.enum(CLIENT_TYPES).nullable(),
  clientDetails: clientDetailsSchema.nullable(),
  contactDepart: contactSchema.nullable(),
  contactArrivee: contactSchema.nullable(),
  priseInfo: priseInfoSchema.nullable(),
  livraisonInfo: livraisonInfoSchema.nullable(),
  /** Derived from priseInfo/livraisonInfo for the detail view: ISO start and end. */
  datePriseEnCharge: dateRangeSchema.nullable(),
  dateLivraisonSouhaitee: dateRangeSchema.nullable(),
  options: optionsSchema.nullable(),
  infosVehicule: infosVehiculeSchema.nullable(),
  commentaire: z.string().nullable(),
  clauses: clausesSchema.nullable(),
  /** Authorised download route of the signed PDF, when one was uploaded. */
  devisSigneURL: z.string().nullable(),
  /** The last day ("YYYY-MM-DD", in France) the quote sent may be signed; absent before it is sent. */
  valableJusquAu: isoDaySchema.nullable().optional(),
  /** The deposit asked at signature, whole per cent of the final price (payments/); null or absent: none. */
  acomptePourcent: z.number().int().nullable().optional(),
  /** Back office only: the deposit the confirmation form prefills (DEPOSIT_PERCENT). */
  acompteParDefaut: z.number().int().optional(),
  updatedAt: isoInstantSchema,
  historique: z.array(historiqueEntrySchema).optional(),
  envoi: envoiSchema.nullable().optional(),
});
export type Devis = z.infer<typeof devisSchema>;
/** A list of the caller's quotes (GET /api/devis, /api/devis/archives). */
export const devisListSchema = z.object({ devis: z.array(devisSchema) });
