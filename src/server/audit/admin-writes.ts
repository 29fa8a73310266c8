import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditDetails, AuditKind } from '#domain/audit.ts';
import { findInvoiceRef, findQuoteRef } from './repository.ts';
import { recordAudit } from './service.ts';

type Subject = 'quote' | 'invoice' | 'none';

/**
 * Every route by which the administrator changes something, with the kind of its journal
 * entry and what its `:id` names. audit.test.ts fails when an admin route that is not a GET
 * is missing here, so no new one goes unrecorded.
 */
export const ADMIN_WRITE_ROUTES: Record<string, { kind: AuditKind; subject: Subject }> = {
  'POST /api/admin/devis/:id/confirmer': { kind: 'quote.confirm', subject: 'quote' },
  'POST /api/admin/devis/:id/renvoyer-email': { kind: 'quote.mail_resent', subject: 'quote' },
  'POST /api/admin/devis/:id/confirmer-signe': { kind: 'quote.confirm_signed', subject: 'quote' },
  'POST /api/admin/devis/:id/terminer': { kind: 'quote.finish', subject: 'quote' },
  'POST /api/admin/devis/:id/archiver': { kind: 'quote.archive', subject: 'quote' },
  'POST /api/admin/devis/:id/restaurer': { kind: 'quote.restore', subject: 'quote' },
  'DELETE /api/admin/devis/:id': { kind: 'quote.delete', subject: 'quote' },
  'POST /api/admin/devis/:id/devis-signe': { kind: 'quote.upload_signed', subject: 'quote' },
  'PUT /api/admin/missions/:id/:etape/photos/:photoId': { kind: 'mission.photo_stored', subject: 'quote' },
  'DELETE /api/admin/missions/:id/:etape/photos/:photoId': { kind: 'mission.photo_deleted', subject: 'quote' },
  'POST /api/admin/missions/:id/:etape': { kind: 'mission.inspection_completed', subject: 'quote' },
  'POST /api/admin/planning/agenda': { kind: 'planning.feed_regenerated', subject: 'none' },
  'POST /api/admin/devis/:id/facture': { kind: 'invoice.draft_created', subject: 'quote' },
  'PUT /api/admin/factures/:id': { kind: 'invoice.draft_updated', subject: 'invoice' },
  'DELETE /api/admin/factures/:id': { kind: 'invoice.draft_deleted', subject: 'invoice' },
  'POST /api/admin/factures/:id/emettre': { kind: 'invoice.issued', subject: 'invoice' },
  'POST /api/admin/factures/:id/avoir': { kind: 'invoice.credit_note_issued', subject: 'invoice' },
  'POST /api/admin/factures/:id/paiements': { kind: 'invoice.payment_recorded', subject: 'invoice' },
  'POST /api/admin/factures/:id/relance': { kind: 'invoice.reminder_sent', subject: 'invoice' },
};

type Pending = { kind: AuditKind; devisId: string | null; numeroDevis: number | null; compteId: string | null; details: AuditDetails };
const pending = new WeakMap<FastifyRequest, Pending>();

/** The route's parameters worth keeping (the step and photo of a mission), never the body. */
function detailsOf(params: Record<string, string>, extra: AuditDetails): AuditDetails {
  const details: AuditDetails = { ...extra };
  if (params.etape) details.etape = params.etape;
  if (params.photoId) details.photoId = params.photoId;
  return details;
}

/**
 * Journals the administrator's changes. What the change is about (the quote, its owner and
 * number, an invoice's quote) is read before the handler runs, since the change may delete
 * it; the entry is written once the handler has succeeded, before the answer leaves: if it
 * cannot be written the administrator gets an error, never a silent gap.
 */
export async function auditAdminWrites(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (request) => {
    const route = ADMIN_WRITE_ROUTES[`${request.method} ${request.routeOptions.url}`];
    if (!route) return;
    const params = (request.params ?? {}) as Record<string, string>;
    const entry: Pending = { kind: route.kind, devisId: null, numeroDevis: null, compteId: null, details: detailsOf(params, {}) };
    if (route.subject === 'quote' && params.id) {
      const quote = await findQuoteRef(app.database.db, params.id);
      Object.assign(entry, { devisId: params.id, numeroDevis: quote?.numeroDevis ?? null, compteId: quote?.uid ?? null });
    }
    if (route.subject === 'invoice' && params.id) {
      const invoice = await findInvoiceRef(app.database.db, params.id);
      entry.details = detailsOf(params, { factureId: params.id, numeroFacture: invoice?.numero ?? null });
      Object.assign(entry, {
        devisId: invoice?.devisId ?? null,
        numeroDevis: invoice?.numeroDevis ?? null,
        compteId: invoice?.uid ?? null,
      });
    }
    pending.set(request, entry);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const entry = pending.get(request);
    if (!entry || reply.statusCode >= 300) return payload;
    pending.delete(request);
    const admin = await app.guards.getViewer(request);
    await recordAudit(app.database.db, { ...entry, actorId: admin?.id, actorEmail: admin?.email, ip: request.ip });
    return payload;
  });
}
