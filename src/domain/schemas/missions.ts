import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './dates.ts';
import { devisSchema } from './devis.ts';
import { signatureDrawingSchema } from './signature.ts';
import { storableString } from './text.ts';
import { daysBetween } from '../invoices.ts';

/**
 * The mission (issue 15): the planning, and the two inspections (états des lieux) whose reports
 * (procès-verbaux, PV) settle a damage claim. Field names are French, as the product says them.
 */

/** The two inspections of a mission, as their pages' addresses spell them. */
export const ETAPES = ['prise-en-charge', 'livraison'] as const;
export type Etape = (typeof ETAPES)[number];
export const etapeSchema = z.enum(ETAPES);

/** The standard photos of an inspection, in the order the page asks for them. */
export const STANDARD_PHOTOS = [
  'avant',
  'arriere',
  'cote-gauche',
  'cote-droit',
  'avant-gauche',
  'avant-droit',
  'arriere-gauche',
  'arriere-droit',
  'tableau-de-bord',
  'interieur',
] as const;
/** Where a photo belongs: a standard view, an extra one, or a damage. */
export const EMPLACEMENTS = [...STANDARD_PHOTOS, 'supplementaire', 'dommage'] as const;
export type Emplacement = (typeof EMPLACEMENTS)[number];

export const DAMAGE_KINDS = ['rayure', 'bosse', 'éclat', 'cassé', 'manquant'] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];

/** The papers that may travel with the vehicle. */
export const DOCUMENTS = ['certificat-immatriculation', 'attestation-assurance', 'carnet-entretien', 'notice'] as const;

/**
 * Limits of the photos, the same in the browser (which compresses to them) and on the server
 * (which checks them again): 12 photos stay under 5 MB.
 */
export const PHOTO_LIMITS = {
  maxBytes: 400 * 1024,
  maxLongSide: 1600,
  maxPerInspection: 40,
} as const;

/** Ids made by the browser, so that a photo or a report sent twice is stored once. */
export const clientIdSchema = z.string().uuid();

/** A damage marked on the vehicle outline: where (fractions of the outline), what, a note, a photo. */
export const damageSchema = z.object({
  id: clientIdSchema,
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  nature: z.enum(DAMAGE_KINDS),
  note: storableString({ trim: true }).max(500),
  photoId: clientIdSchema.nullable(),
});
export type Damage = z.infer<typeof damageSchema>;

export const signatureBlockSchema = z.object({
  nom: storableString({ trim: true }).min(1).max(120),
  signature: signatureDrawingSchema,
});
export type SignatureBlock = z.infer<typeof signatureBlockSchema>;

/** The fields of an inspection, as the page keeps them and the server records them. */
export const inspectionFieldsSchema = z.object({
  /** When it took place: ISO date and time with its offset. */
  dateHeure: z.string().datetime({ offset: true }),
  lieu: storableString({ trim: true }).min(1).max(300),
  kilometrage: z.number().int().min(0).max(2_000_000),
  /** Fuel or charge, in per cent of a full tank or battery. */
  niveauEnergie: z.number().int().min(0).max(100),
  cles: z.number().int().min(0).max(20),
  documents: z.array(z.enum(DOCUMENTS)).max(DOCUMENTS.length),
  autresDocuments: storableString({ trim: true }).max(300),
  dommages: z.array(damageSchema).max(60),
  remarques: storableString({ kind: 'multi-line', trim: true }).max(2000),
  /** Delivery only: the reservations of the person receiving the vehicle. */
  reserves: storableString({ kind: 'multi-line', trim: true }).max(2000),
  signatureConvoyeur: signatureBlockSchema,
  /** Pickup: the person handing the vehicle over; delivery: the person receiving it. */
  signatureContact: signatureBlockSchema,
});
export type InspectionFields = z.infer<typeof inspectionFieldsSchema>;

/** POST /api/admin/missions/{id}/{etape}: the inspection completed, with the photos it keeps. */
export const inspectionBodySchema = inspectionFieldsSchema.extend({
  /** Made by the browser once per inspection: a report sent again is recognised. */
  soumissionId: clientIdSchema,
  photos: z.array(clientIdSchema).max(PHOTO_LIMITS.maxPerInspection),
});
export type InspectionBody = z.infer<typeof inspectionBodySchema>;

/** Query of PUT /api/admin/missions/{id}/{etape}/photos/{photoId}: what the photo shows. */
export const photoQuerySchema = z.object({
  emplacement: z.enum(EMPLACEMENTS),
  dommage: clientIdSchema.optional(),
  /** When the photo was taken (the camera's EXIF time, else the file's), ISO. */
  prisLe: z.string().datetime({ offset: true }).optional(),
});
export type PhotoQuery = z.infer<typeof photoQuerySchema>;

export const missionPhotoSchema = z.object({
  id: z.string(),
  etape: etapeSchema,
  emplacement: z.enum(EMPLACEMENTS),
  dommageId: z.string().nullable(),
  prisLe: isoInstantSchema.nullable(),
  largeur: z.number().int(),
  hauteur: z.number().int(),
  octets: z.number().int(),
  url: z.string(),
  vignetteUrl: z.string(),
});
export type MissionPhoto = z.infer<typeof missionPhotoSchema>;

/** A completed inspection as the back office and the customer see it (no drawing: the PV has it). */
export const inspectionViewSchema = inspectionFieldsSchema.omit({ signatureConvoyeur: true, signatureContact: true }).extend({
  etape: etapeSchema,
  termineeLe: isoInstantSchema,
  convoyeur: z.string(),
  contact: z.string(),
  pvUrl: z.string(),
  photos: z.array(missionPhotoSchema),
});
export type InspectionView = z.infer<typeof inspectionViewSchema>;

/** What the planning and the inspection pages both show of a mission: its quote's fields, as the quote has them. */
export const missionBasicsSchema = devisSchema
  .pick({
    id: true,
    numeroDevis: true,
    statut: true,
    adresseDepart: true,
    adresseArrivee: true,
    typeVehicule: true,
    infosVehicule: true,
    priseInfo: true,
    livraisonInfo: true,
    contactDepart: true,
    contactArrivee: true,
  })
  .extend({
    /** A consumer who did not ask for an early start: the first day the mission may start (L221-25, legal/), or null. */
    pasAvantLe: isoDaySchema.nullable().default(null),
  });
export type MissionBasics = z.infer<typeof missionBasicsSchema>;

/** GET /api/admin/missions/{id}: what the inspection pages need, offline included. */
export const missionViewSchema = missionBasicsSchema.extend({
  clientNom: z.string().nullable(),
  commentaire: z.string().nullable(),
  /** True while the quote is en cours: the inspections can be recorded. */
  peutInspecter: z.boolean(),
  priseEnCharge: inspectionViewSchema.nullable(),
  livraison: inspectionViewSchema.nullable(),
  /** Photos already received for an inspection not yet completed (the page does not send them again). */
  photosRecues: z.array(z.string()),
});
export type MissionView = z.infer<typeof missionViewSchema>;

/** GET /api/devis/{id}/etats-des-lieux: the completed inspections, for the customer (or the administrator). */
export const customerInspectionsSchema = z.object({
  priseEnCharge: inspectionViewSchema.nullable(),
  livraison: inspectionViewSchema.nullable(),
});
export type CustomerInspections = z.infer<typeof customerInspectionsSchema>;

/** The planning's groups, by wished pickup date in France. */
export const PLANNING_GROUPS = ['passee', 'aujourdhui', 'demain', 'semaine', 'plus-tard', 'sans-date'] as const;
export type PlanningGroup = (typeof PLANNING_GROUPS)[number];

export const planningMissionSchema = missionBasicsSchema.extend({
  /** When each inspection was completed, or null. */
  priseEnChargeLe: isoInstantSchema.nullable(),
  livraisonLe: isoInstantSchema.nullable(),
});
export type PlanningMission = z.infer<typeof planningMissionSchema>;

export const planningResponseSchema = z.object({
  /** Today in France (YYYY-MM-DD): the day the groups were made for. */
  jour: isoDaySchema,
  groupes: z.array(z.object({ groupe: z.enum(PLANNING_GROUPS), missions: z.array(planningMissionSchema) })),
});
export type PlanningResponse = z.infer<typeof planningResponseSchema>;

/** The calendar feed's link: shown in full only when it is made (only a hash of its token is kept). */
export const feedStateSchema = z.object({ actif: z.boolean(), creeLe: isoInstantSchema.nullable(), url: z.string().optional() });
export type FeedState = z.infer<typeof feedStateSchema>;

const isoDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
};

/**
 * The planning group of a wished pickup date (YYYY-MM-DD), seen from `today` (YYYY-MM-DD, in
 * France): a past date, today, tomorrow, later this week (until Sunday), later, or none.
 */
export function planningGroupOf(date: string | null | undefined, today: string): PlanningGroup {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'sans-date';
  const days = daysBetween(today, date);
  if (days < 0) return 'passee';
  if (days === 0) return 'aujourdhui';
  if (days === 1) return 'demain';
  // getUTCDay: Sunday 0 … Saturday 6; days left until Sunday, Sunday included.
  const untilSunday = (7 - isoDay(today).getUTCDay()) % 7;
  return days <= untilSunday ? 'semaine' : 'plus-tard';
}
