import { z } from 'zod';
import { isoInstantSchema } from './schemas/dates.ts';
import { pageQuerySchema, storableString } from './schemas/text.ts';

/**
 * The stable codes of the audit journal (server/audit/). Stored as they are: a code never
 * changes meaning; a new event gets a new code. Their French labels are in texts/sessions.ts.
 */
export const AUDIT_KINDS = [
  // Authentication, for every account.
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.account_locked',
  'auth.password_reset',
  'auth.password_changed',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  'auth.two_factor_verified',
  'auth.two_factor_failed',
  'auth.backup_code_used',
  'auth.backup_code_failed',
  'auth.backup_codes_renewed',
  'auth.two_factor_reset',
  'auth.two_factor_secret_set',
  'auth.reauthenticated',
  'auth.reauthentication_failed',
  'account.deleted',
  'session.revoked',
  'session.revoked_others',
  // The administrator's changes in the back office.
  'quote.confirm',
  'quote.mail_resent',
  'quote.extend',
  'quote.confirm_signed',
  'quote.finish',
  'quote.archive',
  'quote.restore',
  'quote.delete',
  'quote.upload_signed',
  'mission.photo_stored',
  'mission.photo_deleted',
  'mission.inspection_completed',
  'mission.positions_recorded',
  'planning.feed_regenerated',
  'invoice.draft_created',
  'invoice.draft_updated',
  'invoice.draft_deleted',
  'invoice.issued',
  'invoice.credit_note_issued',
  'invoice.payment_recorded',
  'invoice.reminder_sent',
  'einvoicing.invoice_resent',
  'einvoicing.purchase_approved',
  'einvoicing.purchase_refused',
  'einvoicing.period_reported',
  'expense.created',
  'expense.updated',
  'expense.deleted',
  'expense.receipt_stored',
  'invoice.reminders_switched',
  'bank.statement_imported',
  'bank.operation_matched',
  'bank.operation_ignored',
  'bank.debit_to_expense',
  'bank.debit_linked_to_expense',
  'bank.csv_mapping_saved',
  'invoice.card_refund_asked',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/journal`: filters by quote (its id or its number), account (id or e-mail) and kind. */
export const journalQuerySchema = z.object({
  devis: storableString({ trim: true }).max(64).optional().default(''),
  compte: storableString({ trim: true }).max(320).optional().default(''),
  type: z
    .union([z.enum(AUDIT_KINDS), z.literal('')])
    .optional()
    .default(''),
  page: pageQuerySchema,
});
export type JournalQuery = z.output<typeof journalQuerySchema>;

export const auditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AuditDetails = z.infer<typeof auditDetailsSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoInstantSchema,
  kind: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  devisId: z.string().nullable(),
  numeroDevis: z.number().int().nullable(),
  compteId: z.string().nullable(),
  ip: z.string().nullable(),
  details: auditDetailsSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const journalResponseSchema = z.object({
  entrees: z.array(auditEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type JournalResponse = z.infer<typeof journalResponseSchema>;
