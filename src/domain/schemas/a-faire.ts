import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from './dates.ts';
import { centsSchema } from './amounts.ts';
import { LIFECYCLE_CODES, SENDING_STATES } from '../einvoicing.ts';
import { revenueSchema } from './invoices.ts';
import { ETAPES } from './missions.ts';

/**
 * GET /api/admin/a-faire (issue 34): what waits for the administrator, one item per kind that
 * has something (an item with nothing is left out), each with its count and the first few of
 * its elements. Each capability answers for its own kinds (a provider in its service); the
 * client shows each kind with a component of its own.
 */

/** How many elements of a kind the band shows; the count says how many there are in all. */
export const A_FAIRE_SHOWN = 5;

const devisRefSchema = z.object({
  id: z.string(),
  numeroDevis: z.number().int(),
  /** The customer's name (or e-mail) as the quote has it. */
  client: z.string().nullable(),
});
export type DevisRef = z.infer<typeof devisRefSchema>;

const count = z.number().int().min(1);

/** Quotes waiting for the administrator, oldest first; `depuis`: since when (ISO, UTC). */
const waitingQuotesSchema = z.array(devisRefSchema.extend({ depuis: isoInstantSchema }));

export const quotesToConfirmItemSchema = z.object({
  type: z.literal('devis-a-confirmer'),
  nombre: count,
  /** `depuis`: when it entered « en attente de confirmation ». */
  devis: waitingQuotesSchema,
});

/** Signed missions whose customer asked to cancel them (legal/): the operator confirms by deleting the quote. */
export const cancellationsRequestedItemSchema = z.object({
  type: z.literal('annulations-demandees'),
  nombre: count,
  /** `depuis`: when the customer asked. */
  devis: waitingQuotesSchema,
});

export const signedWithoutDateItemSchema = z.object({
  type: z.literal('signes-sans-date'),
  nombre: count,
  devis: z.array(devisRefSchema),
});

export const appointmentSchema = z.object({
  devis: devisRefSchema,
  etape: z.enum(ETAPES),
  /** YYYY-MM-DD, today or tomorrow in France. */
  jour: isoDaySchema,
  debut: z.string().nullable(),
  fin: z.string().nullable(),
  adresse: z.string(),
  ville: z.string().nullable(),
  contact: z.string().nullable(),
  telephone: z.string().nullable(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentsItemSchema = z.object({
  type: z.literal('rendez-vous'),
  nombre: count,
  /** By day, then time slot: every one of today and tomorrow (a day holds a handful). */
  rendezVous: z.array(appointmentSchema),
});

export const failedEmailsItemSchema = z.object({
  type: z.literal('emails-en-echec'),
  nombre: count,
  emails: z.array(
    z.object({
      id: z.string(),
      destinataire: z.string(),
      sujet: z.string(),
      /** The quote it is about, where it is about one (its page has « Réessayer l’envoi »). */
      devis: devisRefSchema.nullable(),
    }),
  ),
});

export const failedSmsItemSchema = z.object({
  type: z.literal('sms-en-echec'),
  nombre: count,
  /** `destinataire`: the E.164 number; `devis`: the mission it was about. */
  sms: z.array(z.object({ id: z.string(), destinataire: z.string(), devis: devisRefSchema.nullable() })),
});

export const overdueInvoicesItemSchema = z.object({
  type: z.literal('factures-en-retard'),
  nombre: count,
  /** What the overdue invoices still owe, together (integer cents). */
  totalDuCentimes: centsSchema,
  factures: z.array(
    z.object({ id: z.string(), numero: z.string(), client: z.string(), resteCentimes: centsSchema, dateEcheance: z.string() }),
  ),
});

export const bankCreditsItemSchema = z.object({
  type: z.literal('banque-a-rapprocher'),
  nombre: count,
  /** Among them, the credits matched by amount and payer's name, waiting for a confirmation (payments/). */
  proposees: z.number().int().min(0),
  /** Latest first. */
  operations: z.array(
    z.object({
      id: z.string(),
      date: isoDaySchema,
      montantCentimes: centsSchema,
      contrepartie: z.string().nullable(),
      proposee: z.boolean(),
    }),
  ),
});

/**
 * The refunds consumers' withdrawals owe (legal/: within 14 days, L221-24), until a statement's
 * debit is matched with each (payments/): the transfer is the operator's to make.
 */
export const refundsToMakeItemSchema = z.object({
  type: z.literal('remboursements-a-faire'),
  nombre: count,
  /** What goes back in all, positive. */
  totalCentimes: centsSchema,
  /** The nearest deadline first; `montantCentimes` positive, `avant` the last day to refund. */
  remboursements: z.array(
    z.object({
      id: z.string(),
      factureId: z.string(),
      numero: z.string(),
      client: z.string(),
      montantCentimes: centsSchema,
      avant: isoDaySchema,
      /** By transfer (its debit to match on the bank page) or on the card that paid (from the invoice's page). */
      moyen: z.enum(['virement', 'carte']),
    }),
  ),
});

/** The approved platform's answers that ask for a correction (einvoicing/): rejected or refused, or not sent. */
export const platformToCorrectItemSchema = z.object({
  type: z.literal('plateforme-a-corriger'),
  nombre: count,
  /** Latest first; `etat`: 213 rejected, 210 refused by the buyer, `non conforme` or `échec` (never sent). */
  factures: z.array(
    z.object({ id: z.string(), numero: z.string(), client: z.string(), etat: z.enum([...SENDING_STATES, ...LIFECYCLE_CODES]) }),
  ),
});

/** Supplier invoices received through the platform, waiting to be approved or refused (einvoicing/). */
export const purchasesToDecideItemSchema = z.object({
  type: z.literal('achats-a-traiter'),
  nombre: count,
  /** Oldest first. */
  achats: z.array(
    z.object({
      id: z.string(),
      fournisseur: z.string(),
      numero: z.string(),
      totalTtcCentimes: centsSchema.nullable(),
      recuLe: isoInstantSchema,
    }),
  ),
});

export const CONFIG_WARNINGS = ['sceau-auto-signe', 'public-url-absente', 'mediateur-absent'] as const;
export type ConfigWarning = (typeof CONFIG_WARNINGS)[number];

export const configurationItemSchema = z.object({
  type: z.literal('configuration'),
  nombre: count,
  alertes: z.array(z.enum(CONFIG_WARNINGS)),
});

export const aFaireItemSchema = z.discriminatedUnion('type', [
  quotesToConfirmItemSchema,
  cancellationsRequestedItemSchema,
  signedWithoutDateItemSchema,
  appointmentsItemSchema,
  failedEmailsItemSchema,
  failedSmsItemSchema,
  overdueInvoicesItemSchema,
  refundsToMakeItemSchema,
  bankCreditsItemSchema,
  platformToCorrectItemSchema,
  purchasesToDecideItemSchema,
  configurationItemSchema,
]);
export type AFaireItem = z.infer<typeof aFaireItemSchema>;
export type AFaireType = AFaireItem['type'];

export const aFaireSchema = z.object({
  /** Today in France (YYYY-MM-DD). */
  jour: isoDaySchema,
  /** The moment of the answer (ISO): the ages are counted from it. */
  maintenant: isoInstantSchema,
  elements: z.array(aFaireItemSchema),
  /**
   * E-mails waiting for the outbox worker: while there are some, the page asks again shortly
   * (a confirmed quote becomes « Envoyé » once its e-mail has left).
   */
  envoisEnCours: z.number().int().min(0),
  /** The year's revenue against the annual ceiling, as the revenue page counts it. */
  chiffreAffaires: revenueSchema.pick({ annee: true, totalCentimes: true, plafondCentimes: true }),
});
export type AFaire = z.infer<typeof aFaireSchema>;
