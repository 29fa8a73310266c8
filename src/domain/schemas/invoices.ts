import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './dates.ts';
import { centsSchema } from './amounts.ts';
import { ETATS_FACTURE, FACTURE_STATUTS, FACTURE_TYPES, isIsoDay, MOYENS_PAIEMENT, parseEurosToCents, parseQuantity } from '../invoices.ts';
import { invoiceTexts } from '../texts/invoices.ts';
import { textRuleMessages } from '../texts/common.ts';
import { plateformeFilterSchema, plateformeSummarySchema } from './einvoicing.ts';
import { idParamSchema, storableString, type TextKind } from './text.ts';

const day = z.string().refine(isIsoDay, 'Date attendue au format AAAA-MM-JJ.');
/** A text field under the shared rule (schemas/text.ts): trimmed, required, bounded. */
const text = (max: number, kind: TextKind = 'single-line') =>
  storableString({ kind, trim: true }).min(1, invoiceTexts.requiredField).max(max, textRuleMessages.tooLong(max));

/** `{id}` of the invoice routes: the shared rule for identifiers. */
export const factureIdParamsSchema = z.object({ id: idParamSchema.describe('Identifiant de la facture ou de l’avoir') });

/** One line as the administrator edits it: quantity with at most 2 decimals, unit price in cents. */
export const ligneInputSchema = z.strictObject({
  // A textarea: line breaks allowed.
  description: text(500, 'multi-line'),
  quantite: z
    .number()
    .positive(invoiceTexts.invalidQuantity)
    .max(100_000, invoiceTexts.invalidQuantity)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Deux décimales au plus.'),
  prixUnitaireCentimes: centsSchema.min(0, invoiceTexts.invalidAmount).max(100_000_000, invoiceTexts.invalidAmount),
});
export type LigneInput = z.infer<typeof ligneInputSchema>;

/** PUT /api/admin/factures/{id}: a draft's lines, its service date and its customer. */
export const draftUpdateSchema = z.strictObject({
  lignes: z.array(ligneInputSchema).min(1).max(50),
  datePrestation: day,
  client: z.strictObject({
    nom: text(200),
    adresse: text(300),
    siret: z
      .string()
      .trim()
      .regex(/^\d{14}$/, '14 chiffres.')
      .nullable(),
  }),
});
export type DraftUpdate = z.infer<typeof draftUpdateSchema>;

/** A number as typed in French ("1,5", "1 250,50 €"), read by `read`; its field's message when it does not read. */
export const typedNumber = (read: (text: string) => number | null, message: string) =>
  z.string().transform((text, context) => {
    const value = read(text);
    if (value !== null) return value;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/**
 * The draft editor's form: the same fields as the API, quantities and unit prices as typed in
 * French, read into what PUT /api/admin/factures/{id} takes and checked by its very schema.
 */
export const draftFormSchema = z
  .object({
    lignes: z.array(
      z.object({
        description: z.string(),
        quantite: typedNumber(parseQuantity, invoiceTexts.invalidQuantity),
        prixUnitaireCentimes: typedNumber(parseEurosToCents, invoiceTexts.invalidAmount),
      }),
    ),
    datePrestation: z.string(),
    client: z.object({ nom: z.string(), adresse: z.string(), siret: z.string().transform((text) => text.replace(/\s/g, '') || null) }),
  })
  .pipe(draftUpdateSchema);
export type DraftForm = z.input<typeof draftFormSchema>;

/** POST /api/admin/factures/{id}/paiements: a payment received, or (negative) money given back. */
export const paiementInputSchema = z.strictObject({
  date: day,
  montantCentimes: centsSchema.min(-100_000_000).max(100_000_000),
  moyen: z.enum(MOYENS_PAIEMENT),
});
export type PaiementInput = z.infer<typeof paiementInputSchema>;

/** POST /api/admin/factures/{id}/avoir: without an amount, the credit note cancels all that is left. */
export const avoirInputSchema = z.strictObject({
  motif: text(300),
  montantCentimes: centsSchema.positive().max(100_000_000).nullable().optional(),
});
export type AvoirInput = z.infer<typeof avoirInputSchema>;

export const factureListQuerySchema = z.strictObject({
  etat: z.enum(ETATS_FACTURE).optional(),
  /** Where the invoice stands at the approved platform (e-invoicing). */
  plateforme: plateformeFilterSchema.optional(),
  type: z.enum(FACTURE_TYPES).optional(),
  du: day.optional(),
  au: day.optional(),
  devisId: idParamSchema.optional(),
});
export type FactureListQuery = z.infer<typeof factureListQuerySchema>;

export const revenueQuerySchema = z.strictObject({
  annee: z.coerce.number().int().min(2000).max(2100).optional(),
});

const ligneSchema = z.object({
  description: z.string(),
  quantite: z.number(),
  prixUnitaireCentimes: centsSchema,
  montantCentimes: centsSchema,
});

export const paiementSchema = z.object({
  id: z.string(),
  date: isoDaySchema,
  montantCentimes: centsSchema,
  moyen: z.enum(MOYENS_PAIEMENT),
});

const refSchema = z.object({
  id: z.string(),
  numero: z.string().nullable(),
  totalCentimes: centsSchema,
  dateEmission: isoDaySchema.nullable(),
});

/** One invoice or credit note, as the administrator sees it. */
export const factureSchema = z.object({
  id: z.string(),
  type: z.enum(FACTURE_TYPES),
  statut: z.enum(FACTURE_STATUTS),
  etat: z.enum(ETATS_FACTURE).nullable(),
  numero: z.string().nullable(),
  devisId: z.string(),
  numeroDevis: z.number().int(),
  dateEmission: isoDaySchema.nullable(),
  dateEcheance: isoDaySchema.nullable(),
  datePrestation: isoDaySchema,
  client: z.object({
    nom: z.string(),
    adresse: z.string(),
    email: z.string().nullable(),
    type: z.string(),
    siret: z.string().nullable(),
  }),
  lignes: z.array(ligneSchema),
  /**
   * A draft's cost lines it may carry (re-billed costs, the 5 % and 10 % clauses): ticked when
   * a line of the same description is on it. Absent once issued.
   */
  lignesProposees: z.array(ligneSchema.omit({ montantCentimes: true })).optional(),
  totalCentimes: centsSchema,
  avoirsCentimes: centsSchema,
  payeCentimes: centsSchema,
  resteCentimes: centsSchema,
  paiements: z.array(paiementSchema),
  avoirs: z.array(refSchema),
  factureOrigine: refSchema.nullable(),
  motif: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  derniereRelance: isoInstantSchema.nullable(),
  createdAt: isoInstantSchema,
  /** Where it stands at the approved platform; null when it does not go there. */
  plateforme: plateformeSummarySchema.nullable(),
});
export type Facture = z.infer<typeof factureSchema>;

export const factureListSchema = z.object({
  items: z.array(factureSchema),
  totaux: z.object({
    factureCentimes: centsSchema,
    avoirsCentimes: centsSchema,
    payeCentimes: centsSchema,
    resteCentimes: centsSchema,
  }),
});
export type FactureList = z.infer<typeof factureListSchema>;

/** What the customer sees of his issued invoices and credit notes. */
export const factureClientSchema = z.object({
  id: z.string(),
  type: z.enum(FACTURE_TYPES),
  numero: z.string(),
  devisId: z.string(),
  numeroDevis: z.number().int(),
  dateEmission: isoDaySchema,
  totalCentimes: centsSchema,
  etat: z.enum(ETATS_FACTURE).nullable(),
  pdfUrl: z.string(),
});
export type FactureClient = z.infer<typeof factureClientSchema>;

export const revenueSchema = z.object({
  annee: z.number().int(),
  totalCentimes: centsSchema,
  plafondCentimes: centsSchema,
  mois: z.array(z.object({ mois: z.number().int(), totalCentimes: centsSchema })),
  trimestres: z.array(z.object({ trimestre: z.number().int(), totalCentimes: centsSchema })),
  encaissements: z.number().int(),
});
export type Revenue = z.infer<typeof revenueSchema>;
