import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './dates.ts';
import { centsSchema } from './amounts.ts';
import { MOYENS_PAIEMENT } from '../invoices.ts';
import { DEPOSIT_PERCENT_MAX, REMINDER_STEPS, SPLIT_INVOICES_MAX } from '../payments.ts';
import { textRuleMessages } from '../texts/common.ts';
import { bankTexts } from '../texts/payments.ts';
import { idParamSchema, storableString } from './text.ts';

/** The deposit's share at confirmation, whole per cent; 0 is none. */
export const acomptePourcentSchema = z
  .number({ error: bankTexts.depositInvalid })
  .int(bankTexts.depositInvalid)
  .min(0, bankTexts.depositInvalid)
  .max(DEPOSIT_PERCENT_MAX, bankTexts.depositInvalid);

const columnName = storableString({ trim: true }).min(1, bankTexts.mappingRequired).max(100, textRuleMessages.tooLong(100));

export const CSV_SEPARATORS = [';', ',', '\t'] as const;
export const CSV_DATE_FORMATS = ['JJ/MM/AAAA', 'AAAA-MM-JJ', 'JJ-MM-AAAA'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

/**
 * How the administrator's bank writes its CSV statements, saved once (PUT
 * /api/admin/banque/correspondance-csv): the columns by their header's name, and either one
 * signed amount column or a debit and a credit column.
 */
export const csvMappingSchema = z
  .strictObject({
    separateur: z.enum(CSV_SEPARATORS),
    formatDate: z.enum(CSV_DATE_FORMATS),
    colonneDate: columnName,
    colonneLibelle: columnName,
    colonneMontant: columnName.nullable(),
    colonneDebit: columnName.nullable(),
    colonneCredit: columnName.nullable(),
    colonneContrepartie: columnName.nullable(),
    colonneReference: columnName.nullable(),
  })
  .refine((mapping) => mapping.colonneMontant !== null || (mapping.colonneDebit !== null && mapping.colonneCredit !== null), {
    message: bankTexts.mappingAmount,
    path: ['colonneMontant'],
  });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** A deposit invoice a final invoice deducts, as the final invoice keeps it (factures.acomptesDeduits). */
export const acompteDeduitSchema = z.object({
  id: z.string(),
  numero: z.string(),
  dateEmission: isoDaySchema,
  montantCentimes: centsSchema,
});
export type AcompteDeduit = z.infer<typeof acompteDeduitSchema>;
export const acomptesDeduitsSchema = z.array(acompteDeduitSchema);

/** The deposits a final invoice's JSON column lists; a row that does not parse is an error of ours. */
export function readAcomptesDeduits(json: string | null): AcompteDeduit[] {
  if (!json) return [];
  return acomptesDeduitsSchema.parse(JSON.parse(json));
}

/** An online payment session's state (payments/online.ts): the provider's session, as the app follows it. */
export const PAYMENT_SESSION_STATUTS = ['création', 'ouverte', 'payée', 'expirée', 'échouée'] as const;
/** What became of a provider's notification: applied once, ignored (not ours to act on) or refused for good. */
export const PROVIDER_EVENT_RESULTS = ['appliqué', 'ignoré', 'refusé'] as const;
/** What the provider last said of a refund it makes on a card (decision 0089). */
export const CARD_REFUND_STATUTS = ['en cours', 'effectué', 'échoué'] as const;
/**
 * Why a card is refunded: a consumer's withdrawal (owed, L221-24), or money the invoice received
 * beyond what it is owed, after a credit note (the operator's call: decision 0056).
 */
export const CARD_REFUND_MOTIFS = ['rétractation', 'trop-perçu'] as const;
/** Where a refund stands as its customer sees it: owed (by its last day), asked of the card provider, or made. */
export const CUSTOMER_REFUND_STATUTS = ['à faire', 'en cours', 'effectué'] as const;

// ——— The API's answers and requests (api-paths.ts, paymentsRoutes) ———

/** The customer's payment page: the invoice, what is left, the means to pay, his last online attempt. */
export const paymentPageSchema = z.object({
  facture: z.object({
    id: z.string(),
    numero: z.string(),
    acompte: z.boolean(),
    numeroDevis: z.number().int(),
    dateEmission: isoDaySchema,
    dateEcheance: isoDaySchema.nullable(),
    totalCentimes: centsSchema,
    acomptesCentimes: centsSchema,
    resteCentimes: centsSchema,
    /** The number of the credit note that cancels the invoice whole (a withdrawal, an error): nothing is to pay, nothing was « réglé ». */
    annuleeParAvoir: z.string().nullable(),
  }),
  /** « Payer en ligne » is offered (a provider is configured and something is due). */
  enLigne: z.boolean(),
  virement: z
    .object({
      iban: z.string(),
      bic: z.string().nullable(),
      beneficiaire: z.string(),
      reference: z.string(),
      montantCentimes: centsSchema,
      /** The EPC QR code as an SVG data URL. */
      qrCode: z.string().nullable(),
    })
    .nullable(),
  derniereTentative: z
    .object({
      statut: z.enum(PAYMENT_SESSION_STATUTS),
      montantCentimes: centsSchema,
      createdAt: isoInstantSchema,
    })
    .nullable(),
  /** The money given back on the invoice, or owed back (a withdrawal's deposit, money received in excess). */
  remboursements: z.array(
    z.object({
      montantCentimes: centsSchema,
      moyen: z.enum(MOYENS_PAIEMENT),
      statut: z.enum(CUSTOMER_REFUND_STATUTS),
      /** The day it was made; owed, its last day; asked of the provider, the day it was asked. */
      date: isoDaySchema,
    }),
  ),
  /** What the invoice holds beyond what it is owed, with no refund of it made or asked (a credit note after payment). */
  enTropCentimes: centsSchema,
});
export type PaymentPage = z.infer<typeof paymentPageSchema>;

export const checkoutAnswerSchema = z.object({ url: z.string() });

export const webhookAnswerSchema = z.object({ received: z.boolean(), applied: z.boolean().optional() });

export const OPERATION_STATUTS = ['rapprochée', 'proposée', 'à traiter', 'ignorée', 'débit'] as const;

export const operationSchema = z.object({
  id: z.string(),
  date: isoDaySchema,
  montantCentimes: centsSchema,
  contrepartie: z.string().nullable(),
  libelle: z.string(),
  referenceBanque: z.string().nullable(),
  statut: z.enum(OPERATION_STATUTS),
  factureId: z.string().nullable(),
  paiementId: z.string().nullable(),
  depenseId: z.string().nullable(),
});
export type Operation = z.infer<typeof operationSchema>;

const openInvoiceSchema = z.object({
  id: z.string(),
  numero: z.string(),
  clientNom: z.string(),
  resteCentimes: centsSchema,
  dateEcheance: isoDaySchema.nullable(),
});

/** A refund by transfer recorded on an invoice (a negative payment: after a withdrawal, or by the administrator): money going back to the customer, as the debit that pays it. */
const refundToMatchSchema = openInvoiceSchema
  .pick({ numero: true, clientNom: true })
  .extend({ paiementId: z.string(), factureId: z.string(), date: isoDaySchema, montantCentimes: centsSchema, retractation: z.boolean() });

/** /admin/banque: the saved mapping, the last statements, the lines to handle, the debits, the invoices to pick from. */
export const bankOverviewSchema = z.object({
  correspondance: csvMappingSchema.nullable(),
  releves: z.array(
    z.object({
      id: z.string(),
      format: z.enum(['camt.053', 'csv']),
      nomFichier: z.string(),
      nbOperations: z.number().int(),
      nbNouvelles: z.number().int(),
      importeLe: isoInstantSchema,
    }),
  ),
  aTraiter: z.array(operationSchema),
  debits: z.array(operationSchema),
  /** The transfers recorded lately, with the invoices they paid (several for one transfer split). */
  rapprochees: z.array(operationSchema.extend({ factures: z.array(z.object({ id: z.string(), numero: z.string() })) })),
  factures: z.array(openInvoiceSchema),
  /** The refunds by transfer that no debit names yet (a debit of the same amount is offered to be matched with one). */
  remboursements: z.array(refundToMatchSchema),
});
export type BankOverview = z.infer<typeof bankOverviewSchema>;

export const importSummarySchema = z.object({
  releveId: z.string(),
  operations: z.number().int(),
  nouvelles: z.number().int(),
  rapprochees: z.number().int(),
  proposees: z.number().int(),
  aTraiter: z.number().int(),
  debits: z.number().int(),
  ignorees: z.number().int(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const operationIdParamsSchema = z.object({ id: idParamSchema.describe('Identifiant de la ligne de relevé') });

/**
 * The invoice a bank credit pays (a proposal confirmed, or another picked): `factureId`; or the
 * invoices one transfer pays together: `factureIds` (the server splits it, `splitCredit`). One of the two.
 */
export const matchInputSchema = z
  .strictObject({
    factureId: idParamSchema.optional(),
    factureIds: z.array(idParamSchema).min(1).max(SPLIT_INVOICES_MAX).optional(),
  })
  .refine((body) => (body.factureId === undefined) !== (body.factureIds === undefined), {
    path: ['factureIds'],
    message: bankTexts.invoicesToMatch(SPLIT_INVOICES_MAX),
  });
export type MatchInput = z.infer<typeof matchInputSchema>;
/** The invoices a match names, whichever form it took. */
export const invoicesToMatch = (body: MatchInput): string[] => body.factureIds ?? [body.factureId!];

export const remindersSchema = z.object({
  arretees: z.boolean(),
  envoyees: z.array(z.object({ etape: z.enum(REMINDER_STEPS), envoyeeLe: z.string() })),
});
export type Reminders = z.infer<typeof remindersSchema>;

/**
 * An invoice's refunds by card (GET and POST /api/admin/factures/{id}/remboursements-carte): what
 * a withdrawal gives back on the card that paid, or what the invoice received in excess, and where
 * the provider is with it.
 */
export const cardRefundsSchema = z.object({
  /** Whether a card provider is configured (otherwise the refund is made from its dashboard). */
  fournisseur: z.boolean(),
  remboursements: z.array(
    z.object({
      /** A withdrawal's: its negative payment; money received in excess: the card payment it goes back on. */
      paiementId: z.string(),
      motif: z.enum(CARD_REFUND_MOTIFS),
      /**
       * A withdrawal's: its day, the refund is due 14 days later at the latest (L221-24); money
       * received in excess: the day the card paid.
       */
      date: isoDaySchema,
      /** Positive: what goes back. */
      montantCentimes: centsSchema,
      /** Null: not asked of the provider yet. */
      statut: z.enum(CARD_REFUND_STATUTS).nullable(),
      /** When the provider last said where it is (null before it is asked). */
      majLe: isoInstantSchema.nullable(),
    }),
  ),
});
export type CardRefunds = z.infer<typeof cardRefundsSchema>;

/** « Rembourser par carte »: the refund to make (its `paiementId` in the list above). */
export const cardRefundInputSchema = z.strictObject({ paiementId: idParamSchema });

export const remindersInputSchema = z.strictObject({ arretees: z.boolean({ error: bankTexts.remindersInvalid }) });
