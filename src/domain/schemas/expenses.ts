import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './dates.ts';
import { centsSchema } from './amounts.ts';
import { categorieDepenseSchema, moyenPaiementDepenseSchema } from './expense-choices.ts';
import { CATEGORIES_DEPENSE, MOYENS_PAIEMENT_DEPENSE, REFACTURATIONS } from '../expenses.ts';
import { isIsoDay, parseEurosToCents } from '../invoices.ts';
import { textRuleMessages } from '../texts/common.ts';
import { expenseApiMessages as msg, expenseTexts } from '../texts/expenses.ts';
import { typedNumber } from './invoices.ts';
import { idParamSchema, storableString } from './text.ts';

const day = z.string().refine(isIsoDay, msg.dayExpected);
const MAX_CENTS = 10_000_000;
const NOTE_MAX = 500;

/** `{id}` of the expense routes: the id the page made (a UUID), or one another capability made. */
export const depenseIdParamsSchema = z.object({ id: idParamSchema.describe('Identifiant de la dépense') });

const fields = {
  devisId: idParamSchema.nullable(),
  categorie: categorieDepenseSchema,
  montantCentimes: z.number({ error: msg.amountPositive }).int(msg.amountPositive).positive(msg.amountPositive).max(MAX_CENTS),
  tvaCentimes: z.number({ error: msg.vatRange }).int(msg.vatRange).min(0, msg.vatRange).max(MAX_CENTS),
  date: day,
  moyenPaiement: moyenPaiementDepenseSchema,
  note: storableString({ kind: 'multi-line', trim: true }).max(NOTE_MAX, textRuleMessages.tooLong(NOTE_MAX)).default(''),
};
const vatWithinAmount = (body: { tvaCentimes: number; montantCentimes: number }) => body.tvaCentimes <= body.montantCentimes;
const vatRefusal = { message: msg.vatRange, path: ['tvaCentimes'] };

export const debitIdParamsSchema = z.object({ id: idParamSchema.describe('Identifiant de l’opération du relevé') });

/** POST /api/admin/banque/operations/{id}/depense: a statement's debit recorded as an expense, in one tap. */
export const debitExpenseSchema = z.strictObject({ categorie: fields.categorie, devisId: fields.devisId.default(null) });
export type DebitExpense = z.infer<typeof debitExpenseSchema>;

/** POST /api/admin/banque/operations/{id}/depense-existante: a debit linked to the expense already recorded that it pays. */
export const debitLinkSchema = z.strictObject({ depenseId: idParamSchema });
export type DebitLink = z.infer<typeof debitLinkSchema>;

/** What an expense says, as the administrator sends it (PUT). */
export const depenseFieldsSchema = z.strictObject(fields).refine(vatWithinAmount, vatRefusal);
export type DepenseFields = z.infer<typeof depenseFieldsSchema>;

/** POST: the same with the id the page made (a retry is recognised by it). */
export const depenseCreateSchema = z.strictObject({ id: idParamSchema, ...fields }).refine(vatWithinAmount, vatRefusal);
export type DepenseCreate = z.infer<typeof depenseCreateSchema>;

const typedCents = typedNumber(parseEurosToCents, expenseTexts.amountTyped);

/**
 * The « Ajouter une dépense » form: the API's fields, amounts as typed in French (« 47,90 »;
 * no VAT typed is 0), read into what POST /api/admin/depenses takes and checked by its very
 * schema (the fields that need no reading are checked at once, so that every mistake shows
 * together). An empty mission is a general expense.
 */
export const depenseFormSchema = z
  .object({
    id: z.string(),
    devisId: z.string().transform((id) => id || null),
    categorie: z.string().pipe(fields.categorie),
    montantCentimes: typedCents,
    tvaCentimes: z
      .string()
      .transform((text) => (text.trim() ? text : '0'))
      .pipe(typedCents),
    date: day,
    moyenPaiement: z.string().pipe(fields.moyenPaiement),
    note: z.string().optional(),
  })
  .pipe(depenseCreateSchema);
export type DepenseForm = z.input<typeof depenseFormSchema>;

export const depenseSchema = z.object({
  id: z.string(),
  devisId: z.string().nullable(),
  numeroDevis: z.number().int().nullable(),
  categorie: z.enum(CATEGORIES_DEPENSE),
  montantCentimes: centsSchema,
  tvaCentimes: centsSchema,
  date: isoDaySchema,
  moyenPaiement: z.enum(MOYENS_PAIEMENT_DEPENSE),
  note: z.string(),
  justificatif: z.object({ type: z.string(), url: z.string() }).nullable(),
  factureId: z.string().nullable(),
  /** Re-billed on an issued invoice: it can no longer be deleted. */
  verrouillee: z.boolean(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Depense = z.infer<typeof depenseSchema>;

/** GET /api/admin/banque/debits/propositions: for debits not yet an expense, the expense already recorded each likely pays. */
export const debitProposalsSchema = z.object({
  propositions: z.array(z.object({ operationId: z.string(), depense: depenseSchema })),
});
export type DebitProposals = z.infer<typeof debitProposalsSchema>;

export const depenseListQuerySchema = z.strictObject({
  devisId: idParamSchema.optional(),
  categorie: z.enum(CATEGORIES_DEPENSE).optional(),
  annee: z.coerce.number().int().min(2000).max(2100).optional(),
  mois: z.coerce.number().int().min(1).max(12).optional(),
});
export type DepenseListQuery = z.infer<typeof depenseListQuerySchema>;

export const depenseListSchema = z.object({ depenses: z.array(depenseSchema), totalCentimes: centsSchema });
export type DepenseList = z.infer<typeof depenseListSchema>;

export const depenseCsvQuerySchema = z.strictObject({ annee: z.coerce.number().int().min(2000).max(2100).optional() });

/** The costs the customer agreed to pay at cost, at confirmation. */
export const refacturationSchema = z.array(z.enum(REFACTURATIONS)).max(REFACTURATIONS.length);

/** A line the final invoice draft proposes from the mission's costs and the clauses. */
export const proposedLineSchema = z.object({
  kind: z.enum(['refacturation', 'km-supplementaires', 'frais-supplementaires']),
  description: z.string(),
  quantiteCentiemes: z.number().int(),
  prixUnitaireCentimes: centsSchema,
  depenseIds: z.array(z.string()),
});
export type ProposedLine = z.infer<typeof proposedLineSchema>;

/** A margin's figures: what came in, what went out, and what is left (recettes − dépenses). */
const marginFields = { recettesCentimes: centsSchema, depensesCentimes: centsSchema, margeCentimes: centsSchema };
/** The margin per km driven (else per km estimated) and per hour; null without kilometres or hours. */
const marginRateFields = { centimesParKm: centsSchema.nullable(), centimesParHeure: centsSchema.nullable() };

/** GET /api/admin/missions/{id}/couts: what a mission cost, its kilometres, its margin, the lines proposed for its final invoice. */
export const missionCostsSchema = z.object({
  devisId: z.string(),
  numeroDevis: z.number().int(),
  estimationKm: z.number(),
  kmParcourus: z.number().nullable(),
  /** (driven − estimate) / estimate, e.g. 0.069. */
  ecartKm: z.number().nullable(),
  heures: z.number().nullable(),
  ...marginFields,
  ...marginRateFields,
  /** At confirmation: the price less the expected return trip (and fuel, when not re-billed). */
  margePrevueCentimes: centsSchema,
  retourPrevuCentimes: centsSchema,
  /** The fuel expected on the trip (FUEL_COST_PER_KM_CENTS), whether or not the customer pays it: the form's boxes decide. */
  carburantPrevuCentimes: centsSchema,
  depenses: z.array(depenseSchema),
  lignesProposees: z.array(proposedLineSchema),
});
export type MissionCosts = z.infer<typeof missionCostsSchema>;

export const marginsQuerySchema = z.strictObject({ annee: z.coerce.number().int().min(2000).max(2100).optional() });

const missionMarginSchema = z.object({
  devisId: z.string(),
  numeroDevis: z.number().int(),
  /** The quote's price. */
  prixCentimes: centsSchema,
  /** Its recettes: issued invoices net of credit notes, else the price. */
  ...marginFields,
  kmParcourus: z.number().nullable(),
  /** From pickup to delivery (the inspections' times). */
  heures: z.number().nullable(),
  ...marginRateFields,
});
export type MissionMargin = z.infer<typeof missionMarginSchema>;

const categoryTotalsSchema = z.array(z.object({ categorie: z.enum(CATEGORIES_DEPENSE), totalCentimes: centsSchema }));

/** GET /api/admin/rentabilite: a year's revenue, expenses by category and margin, per month, and its least profitable missions. */
export const marginsSchema = z.object({
  annee: z.number().int(),
  ...marginFields,
  parCategorie: categoryTotalsSchema,
  mois: z.array(
    z.object({
      mois: z.number().int(),
      ...marginFields,
      /** The month's expenses by category (categories without any left out). */
      parCategorie: categoryTotalsSchema,
    }),
  ),
  moinsRentables: z.array(missionMarginSchema),
});
export type Margins = z.infer<typeof marginsSchema>;
