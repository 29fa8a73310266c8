import { z } from 'zod';
import { isoInstantSchema } from './dates.ts';
import { acomptePourcentSchema } from './payments.ts';
import { STATUTS } from '../statuses.ts';
import { adminTexts } from '../texts/admin.ts';
import { clausesSchema, devisSchema } from './devis.ts';
import { pageQuerySchema, storableString } from './text.ts';

/** The largest final price the back office accepts, in cents (1 000 000 €). */
const PRIX_FINAL_MAX_CENTIMES = 100_000_000;

export type PrixParse = { ok: true; centimes: number } | { ok: false; message: string };

/**
 * "1234,5", "1 234.50" or 1234.5 → 123450 cents. Strictly positive, two decimals at most;
 * parsed from the text so that no binary rounding ever changes the amount.
 */
export function parsePrixFinal(input: string | number): PrixParse {
  const text = (typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input)
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/€$/, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return { ok: false, message: adminTexts.prixFinalInvalid };
  const centimes = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (centimes <= 0) return { ok: false, message: adminTexts.prixFinalInvalid };
  if (centimes > PRIX_FINAL_MAX_CENTIMES) return { ok: false, message: adminTexts.prixFinalTooHigh };
  return { ok: true, centimes };
}

export const STATUT_FILTERS = ['tous', ...STATUTS] as const;
export type StatutFilter = (typeof STATUT_FILTERS)[number];

export const adminListQuerySchema = z.object({
  q: storableString({ trim: true }).max(200).optional().default(''),
  statut: z.enum(STATUT_FILTERS).optional().default('tous'),
  page: pageQuerySchema,
  groupsPerPage: z.coerce.number().int().min(1).max(100).optional().default(20),
  /** One group's every quote (its key as listed), for a group larger than the page shows. */
  groupe: storableString().max(320).optional(),
});

/** What becomes of a signed mission's deposit when its quote is deleted (general terms, article 13). */
export const DEPOSIT_ON_CANCELLATION = ['rembourser', 'conserver'] as const;
export type DepositOnCancellation = (typeof DEPOSIT_ON_CANCELLATION)[number];

/** DELETE /api/admin/devis/:id: the deposit given back (credited) unless « conserver » is asked. */
export const deleteQuoteQuerySchema = z.object({ acompte: z.enum(DEPOSIT_ON_CANCELLATION).optional().default('rembourser') });

/** What the list shows of a quote; the edit page loads the whole quote. */
const devisSummarySchema = devisSchema
  .pick({
    id: true,
    numeroDevis: true,
    statut: true,
    archive: true,
    email: true,
    dateSimulation: true,
    adresseDepart: true,
    adresseArrivee: true,
    typeVehicule: true,
    prix: true,
    devisSigneURL: true,
    updatedAt: true,
    valableJusquAu: true,
    acomptePourcent: true,
  })
  .extend({
    clientNom: z.string().nullable(),
    clientTelephone: z.string().nullable(),
    /** The quote is confirmé and its e-mail for signature has failed at least once (the edit page says more). */
    envoiEchoue: z.boolean().optional(),
  });
export type DevisSummary = z.infer<typeof devisSummarySchema>;

/** The quotes of one client e-mail (or "client-inconnu"). */
const adminGroupSchema = z.object({
  email: z.string(),
  count: z.number().int(),
  derniereActivite: isoInstantSchema,
  devis: z.array(devisSummarySchema),
});
export type AdminGroup = z.infer<typeof adminGroupSchema>;

export const adminListResponseSchema = z.object({
  groups: z.array(adminGroupSchema),
  page: z.number().int(),
  groupsPerPage: z.number().int(),
  totalGroups: z.number().int(),
  totalDevis: z.number().int(),
  /** How many quotes a group shows at most in the list (the rest through `groupe`). */
  devisPerGroup: z.number().int(),
});
export type AdminListResponse = z.infer<typeof adminListResponseSchema>;

export const confirmBodySchema = z.object({
  prixFinal: z.union([storableString().max(40), z.number()]),
  clauses: clausesSchema,
  /** « Acompte »: the share of the final price asked at signature (payments/); absent: DEPOSIT_PERCENT. */
  acomptePourcent: acomptePourcentSchema.optional(),
});
export type ConfirmBody = z.infer<typeof confirmBodySchema>;

export const archivesResponseSchema = z.object({ devis: z.array(devisSummarySchema) });
