import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './dates.ts';
import { centsSchema } from './amounts.ts';
import { categorieDepenseSchema, moyenPaiementDepenseSchema } from './expense-choices.ts';
import {
  DIRECTORY_ANSWERS,
  ETATS_PLATEFORME,
  FLOW_STATUSES,
  LIFECYCLE_CODES,
  PURCHASE_STATUTS,
  REFUSAL_REASONS,
  REPORTING_PERIOD_ID,
} from '../einvoicing.ts';
import { textRuleMessages } from '../texts/common.ts';
import { einvoicingApiMessages } from '../texts/einvoicing.ts';
import { idParamSchema, storableString } from './text.ts';

/** The platform state filter of /admin/factures. */
export const plateformeFilterSchema = z.enum(ETATS_PLATEFORME as [string, ...string[]]);

/** Where an invoice stands at the approved platform, in one line (the invoices list). */
export const plateformeSummarySchema = z.object({
  etat: plateformeFilterSchema,
  libelle: z.string(),
  motif: z.string().nullable(),
});
export type PlateformeSummary = z.infer<typeof plateformeSummarySchema>;

/** An invoice at the approved platform, as the back office shows it (beside the invoice). */
export const plateformeSchema = plateformeSummarySchema.extend({
  historique: z.array(
    z.object({
      code: z.enum(LIFECYCLE_CODES),
      libelle: z.string(),
      motif: z.string().nullable(),
      date: z.string(),
      source: z.enum(['plateforme', 'partenaire', 'nous']),
    }),
  ),
  envoi: z.object({
    statut: z.enum(FLOW_STATUSES),
    tentatives: z.number().int(),
    erreur: z.string().nullable(),
    referenceEnvoi: z.string(),
    flowId: z.string().nullable(),
  }),
});
export type Plateforme = z.infer<typeof plateformeSchema>;

/** Whether a business customer receives e-invoices (Directory Service), and when it was checked. */
export const annuaireSchema = z.object({
  siren: z.string(),
  receives: z.enum(DIRECTORY_ANSWERS),
  libelle: z.string(),
  verifieLe: isoInstantSchema,
});
export type Annuaire = z.infer<typeof annuaireSchema>;

/** GET /api/admin/annuaire/{siren}: the answer, or null when it could not be had (or no platform). */
export const annuaireAnswerSchema = z.object({ enabled: z.boolean(), annuaire: annuaireSchema.nullable() });

export const sirenParamsSchema = z.object({ siren: z.string().regex(/^\d{9}$/, 'SIREN : 9 chiffres.') });
export const annuaireQuerySchema = z.strictObject({ rafraichir: z.enum(['1']).optional() });

/** A supplier invoice received through the platform. */
export const achatSchema = z.object({
  id: z.string(),
  fournisseurNom: z.string(),
  fournisseurSiren: z.string().nullable(),
  numero: z.string(),
  dateFacture: z.string().nullable(),
  totalHtCentimes: centsSchema.nullable(),
  tvaCentimes: centsSchema.nullable(),
  totalTtcCentimes: centsSchema.nullable(),
  devise: z.string().nullable(),
  statut: z.enum(PURCHASE_STATUTS),
  motifRefus: z.string().nullable(),
  depenseId: z.string().nullable(),
  devisId: z.string().nullable(),
  /** The expense category its supplier and lines suggest (categoryOfPurchase), preselected on approval. */
  categorieSuggeree: categorieDepenseSchema,
  /** How it was paid, by its payment means code (paymentMeansOfInvoice), preselected on approval. */
  moyenPaiementSuggere: moyenPaiementDepenseSchema,
  recuLe: isoInstantSchema,
  fichierUrl: z.string(),
});
export type Achat = z.infer<typeof achatSchema>;

export const achatListQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).optional() });
export const achatListSchema = z.object({
  enabled: z.boolean(),
  /** Whether an approval can make an expense (the mission costs are there). */
  depensesDisponibles: z.boolean(),
  items: z.array(achatSchema),
  total: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
});
export type AchatList = z.infer<typeof achatListSchema>;

export const achatIdParamsSchema = z.object({ id: idParamSchema.describe('Identifiant de la facture fournisseur') });

/**
 * POST /api/admin/achats/{id}/approuver: optionally as an expense, of a mission or general, of the
 * category and payment means chosen (none: the ones the purchase suggests, `categorieSuggeree` and
 * `moyenPaiementSuggere`).
 */
export const approbationSchema = z.strictObject({
  depense: z.boolean(),
  devisId: idParamSchema.nullable(),
  categorie: categorieDepenseSchema.optional(),
  moyenPaiement: moyenPaiementDepenseSchema.optional(),
});
export type Approbation = z.infer<typeof approbationSchema>;

/** POST /api/admin/achats/{id}/refuser: a reason of the list for « Refusée », and a comment. */
export const refusSchema = z.strictObject({
  motif: z.enum(REFUSAL_REASONS, { error: einvoicingApiMessages.refusalReasonRequired }),
  commentaire: storableString({ kind: 'multi-line', trim: true }).max(500, textRuleMessages.tooLong(500)).nullable(),
});
export type Refus = z.infer<typeof refusSchema>;

/** The e-reporting page: each period's B2C sales and payments, and what was sent. */
export const ereportingSchema = z.object({
  enabled: z.boolean(),
  periodes: z.array(
    z.object({
      id: z.string(),
      debut: isoDaySchema,
      fin: isoDaySchema,
      echeance: isoDaySchema,
      terminee: z.boolean(),
      obligatoire: z.boolean(),
      ventesCentimes: centsSchema,
      ventesNombre: z.number().int(),
      encaissementsCentimes: centsSchema,
      envois: z.array(
        z.object({
          nature: z.enum(['transactions', 'paiements']),
          type: z.enum(['IN', 'RE']),
          statut: z.enum(FLOW_STATUSES),
          accuse: z.string().nullable(),
          erreur: z.string().nullable(),
          creeLe: isoInstantSchema,
        }),
      ),
    }),
  ),
});
export type Ereporting = z.infer<typeof ereportingSchema>;

export const periodeParamsSchema = z.object({ periode: z.string().regex(REPORTING_PERIOD_ID, einvoicingApiMessages.badPeriod) });
