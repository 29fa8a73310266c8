import { parisToday } from '#domain/format.ts';
import { epcPayload, formatIban } from '#domain/payments.ts';
import { onlinePaymentMessages as msg } from '#domain/texts/payments.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import type { FactureRow } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/errors.ts';
import { findPayableInvoice, recordHolderPayment } from '#server/invoices/holder-payments.ts';
import { qrCodeSvgDataUrl } from '#server/pdf/qr-code.ts';
import { applyRefundEvent, type CardRefundDeps } from './card-refunds.ts';
import { refundsForCustomer } from './customer-refunds.ts';
import { queueReceipts } from './mail.ts';
import { ProviderSignatureError, type ProviderEvent } from './provider/provider.ts';
import {
  claimProviderEvent,
  findLatestPaymentSession,
  findOpenPaymentSession,
  findPaymentSessionByProviderId,
  insertPaymentSession,
  recordEventOutcome,
  updatePaymentSession,
} from './repository.ts';

/** The card refunds' deps (the stores, the e-mail's settings, the provider), and the clock. */
export type OnlineDeps = CardRefundDeps & { now?: () => Date };

type Viewer = { id: string; role: string };

/** An issued invoice of the viewer (the administrator may look at any); 404 for anyone else, as for a missing one. */
async function payableOf(deps: OnlineDeps, viewer: Viewer, factureId: string) {
  const found = await findPayableInvoice(deps.database.db, factureId);
  if (!found || (viewer.role !== 'admin' && found.row.uid !== viewer.id)) {
    if (found) deps.log.warn({ factureId, userId: viewer.id }, 'an invoice asked for by someone who is not its customer');
    throw notFound(msg.notFound);
  }
  return found;
}

/** The transfer that pays `amountCents` of an invoice: its details and its EPC QR code. Null without a bank account. */
async function transferOf(row: FactureRow, amountCents: number) {
  if (!row.iban || !row.numero) return null;
  const payload = epcPayload({ bic: row.bic, name: row.vendeurNom ?? '', iban: row.iban, amountCents, text: row.numero });
  return {
    iban: formatIban(row.iban),
    bic: row.bic,
    beneficiaire: row.vendeurNom ?? '',
    reference: row.numero,
    montantCentimes: amountCents,
    qrCode: payload ? await qrCodeSvgDataUrl(payload) : null,
  };
}

/**
 * What the customer's payment page shows: the invoice, what is left, « Payer en ligne » when a
 * provider is configured and something is due, the transfer's details and QR code, where the
 * money given back on it stands (customer-refunds.ts), and the state of his last online attempt (the return page says « Paiement en cours de
 * confirmation » until the provider's notification has come).
 */
export async function paymentPage(deps: OnlineDeps, viewer: Viewer, factureId: string) {
  const { row, resteCentimes, annuleeParAvoir } = await payableOf(deps, viewer, factureId);
  const latest = await findLatestPaymentSession(deps.database.db, factureId);
  return {
    facture: {
      id: row.id,
      numero: row.numero ?? '',
      acompte: row.nature === 'acompte',
      numeroDevis: row.numeroDevis,
      dateEmission: row.dateEmission ?? '',
      dateEcheance: row.dateEcheance,
      totalCentimes: row.totalCentimes,
      acomptesCentimes: row.acomptesCentimes,
      resteCentimes: Math.max(0, resteCentimes),
      annuleeParAvoir,
    },
    enLigne: deps.payments !== null && resteCentimes > 0,
    virement: resteCentimes > 0 ? await transferOf(row, resteCentimes) : null,
    derniereTentative: latest ? { statut: latest.statut, montantCentimes: latest.montantCentimes, createdAt: latest.createdAt } : null,
    ...(await refundsForCustomer(deps.database.db, factureId, resteCentimes)),
  };
}

/** How long before its end an open page is still handed out again rather than a new one opened. */
const REUSE_MARGIN_MS = 10 * 60 * 1000;

/**
 * « Payer en ligne »: a hosted payment page for what is left to pay on the invoice, the amount
 * computed here (never sent by the browser). A page still open for the same amount is handed
 * out again; otherwise the attempt is recorded first, so that its id is the provider's
 * idempotency key and the notification finds the invoice from the session we opened.
 */
export async function startOnlinePayment(deps: OnlineDeps, viewer: Viewer, factureId: string): Promise<{ url: string }> {
  const { row, resteCentimes } = await payableOf(deps, viewer, factureId);
  if (!deps.payments) throw conflict(msg.providerOff);
  if (resteCentimes <= 0) throw conflict(msg.nothingDue);
  const now = (deps.now ?? (() => new Date()))();
  const open = await findOpenPaymentSession(
    deps.database.db,
    factureId,
    resteCentimes,
    new Date(now.getTime() + REUSE_MARGIN_MS).toISOString(),
  );
  if (open?.url) return { url: open.url };

  const attempt = await insertPaymentSession(deps.database.db, {
    factureId,
    fournisseur: deps.payments.name,
    montantCentimes: resteCentimes,
    devise: 'eur',
  });
  const pageUrl = `${deps.config.publicUrl}/factures/${encodeURIComponent(factureId)}/paiement`;
  try {
    const session = await deps.payments.createCheckout({
      attemptId: attempt.id,
      factureId,
      numero: row.numero ?? '',
      montantCentimes: resteCentimes,
      description: row.nature === 'acompte' ? msg.depositLabel(row.numero ?? '') : msg.invoiceLabel(row.numero ?? ''),
      customerEmail: row.clientEmail,
      successUrl: `${pageUrl}?retour=1`,
      cancelUrl: pageUrl,
    });
    await updatePaymentSession(deps.database.db, attempt.id, {
      statut: 'ouverte',
      sessionId: session.sessionId,
      url: session.url,
      expireLe: session.expiresAt,
    });
    return { url: session.url };
  } catch (error) {
    deps.log.error({ err: error, factureId, attemptId: attempt.id }, 'the payment provider did not open a payment page');
    await updatePaymentSession(deps.database.db, attempt.id, { statut: 'échouée' });
    throw new AppError('unavailable', msg.providerUnavailable);
  }
}

export type WebhookAnswer = { status: 200 | 400; body: { received: boolean; applied?: boolean } };

/**
 * The provider's notification, the only way a card payment is recorded (and the word on a card
 * refund, card-refunds.ts). Its signature is
 * checked over the raw body (tolerance five minutes): a forged or late one gets 400 and
 * records nothing. Its id is stored in the transaction that applies it: a replay is answered
 * 200 and applies nothing. The invoice is the one of the session we opened, and the amount and
 * currency must be that session's and not more than is still due; otherwise nothing is
 * recorded and the refusal is kept and logged. A 2xx tells the provider to stop; a failure of
 * ours (5xx) makes it try again later.
 */
export async function receiveProviderEvent(deps: OnlineDeps, rawBody: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
  const provider = deps.payments;
  if (!provider) throw notFound();
  let event: ProviderEvent;
  try {
    event = provider.verifyEvent(rawBody, signature);
  } catch (error) {
    if (!(error instanceof ProviderSignatureError)) throw error;
    deps.log.warn({ reason: error.message }, 'payment notification refused: signature');
    return { status: 400, body: { received: false } };
  }
  const key = { fournisseur: provider.name, id: event.id };
  const applied = await withWriteTransaction(deps.database, async (trx) => {
    const isNew = await claimProviderEvent(trx, {
      ...key,
      type: event.type,
      sessionId: event.session?.id ?? null,
      recuLe: new Date().toISOString(),
    });
    if (!isNew) return null;
    const outcome = event.refund
      ? await applyRefundEvent(trx, { ...deps, fournisseur: provider.name }, { ...event, refund: event.refund })
      : await applyEvent(deps, trx, event);
    await recordEventOutcome(trx, key, outcome);
    return outcome;
  });
  if (applied === null) {
    deps.log.info({ eventId: event.id }, 'payment notification already applied: replay ignored');
    return { status: 200, body: { received: true, applied: false } };
  }
  if (applied.resultat === 'refusé')
    deps.log.error({ eventId: event.id, type: event.type, detail: applied.detail }, 'payment notification refused');
  if (applied.resultat === 'appliqué') {
    deps.outbox.kick();
    deps.invoiceHooks?.afterCommit?.();
  }
  return { status: 200, body: { received: true, applied: applied.resultat === 'appliqué' } };
}

const PAID = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

async function applyEvent(
  deps: OnlineDeps,
  trx: Parameters<Parameters<typeof withWriteTransaction>[1]>[0],
  event: ProviderEvent,
): Promise<{ resultat: 'appliqué' | 'ignoré' | 'refusé'; detail: string | null }> {
  const session = event.session;
  if (!session) return { resultat: 'ignoré', detail: 'not about a payment session' };
  const attempt = await findPaymentSessionByProviderId(trx, session.id);
  if (!attempt) return { resultat: 'refusé', detail: `unknown session ${session.id}` };
  if (event.type === 'checkout.session.expired') {
    if (attempt.statut === 'ouverte') await updatePaymentSession(trx, attempt.id, { statut: 'expirée' });
    return { resultat: 'ignoré', detail: 'expired' };
  }
  if (event.type === 'checkout.session.async_payment_failed') {
    await updatePaymentSession(trx, attempt.id, { statut: 'échouée' });
    return { resultat: 'ignoré', detail: 'payment failed' };
  }
  if (!PAID.has(event.type)) return { resultat: 'ignoré', detail: `type ${event.type}` };
  if (!session.paid) return { resultat: 'ignoré', detail: 'not paid yet (a delayed method)' };
  if (session.currency !== attempt.devise || session.amountTotal !== attempt.montantCentimes) {
    return {
      resultat: 'refusé',
      detail: `amount ${session.amountTotal} ${session.currency} for a session of ${attempt.montantCentimes} ${attempt.devise}`,
    };
  }
  const result = await recordHolderPayment(trx, deps, {
    factureId: attempt.factureId,
    date: parisToday(new Date(event.createdAt)),
    montantCentimes: attempt.montantCentimes,
    moyen: 'carte',
    reference: session.paymentReference ?? session.id,
    cle: `${attempt.fournisseur}:${session.id}`,
  });
  if (result.outcome === 'duplicate') return { resultat: 'ignoré', detail: 'payment already recorded' };
  if (result.outcome === 'refused') {
    return { resultat: 'refusé', detail: `${result.reason}: ${attempt.montantCentimes} paid, ${result.resteCentimes} due` };
  }
  await updatePaymentSession(trx, attempt.id, { statut: 'payée' });
  const found = await findPayableInvoice(trx, attempt.factureId);
  if (found)
    await queueReceipts(trx, deps.config, found.row, {
      montantCentimes: attempt.montantCentimes,
      reference: result.payment.reference,
      resteCentimes: result.resteCentimes,
    });
  return { resultat: 'appliqué', detail: result.payment.id };
}
