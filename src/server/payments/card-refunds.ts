import type { FastifyBaseLogger } from 'fastify';
import { parisToday } from '#domain/format.ts';
import type { CardRefunds } from '#domain/schemas/payments.ts';
import { cardRefundApiMessages as msg } from '#domain/texts/payments.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { RemboursementsCarteTable } from '#server/db/schema.ts';
import { AppError, conflict, notFound } from '#server/errors.ts';
import {
  findPayableInvoice,
  findPaymentById,
  findPaymentByReference,
  listCardPaymentsOf,
  listWithdrawalCardRefunds,
  recordFailedHolderRefund,
  lockInvoice,
  recordHolderRefund,
  remainingOf,
  type HolderPaymentDeps,
} from '#server/invoices/holder-payments.ts';
import type { InvoiceHooks } from '#server/invoices/service.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { queueRefundFailedNotice, queueRefundNotice } from './mail.ts';
import { ProviderRefusedError, type PaymentProvider, type ProviderEvent } from './provider/provider.ts';
import { findCardRefundByProviderId, listCardRefunds, saveCardRefund } from './repository.ts';

/**
 * A consumer's withdrawal gives back what he paid « par le même moyen de paiement » (L221-24):
 * a deposit paid by card goes back on that card, through the provider (decision 0089). The
 * refund is in the books since the withdrawal (a negative payment, invoices/deposits.ts); here
 * the operator asks the provider to make it, and the provider's answer and signed notifications
 * say where it is. Money an invoice received beyond what it is owed (a cancelled mission's
 * deposit, once credited) is his to give back or not (decision 0056): the same button gives it
 * back on the card when he chooses to, and that refund, like one he made from the provider's
 * dashboard (`recordDashboardRefund`), is recorded as money given back once the provider says it
 * is made, on its word.
 */
export type CardRefundDeps = {
  database: DatabaseHandle;
  config: Config;
  outbox: Pick<OutboxWorker, 'kick'>;
  log: FastifyBaseLogger;
  /** The card provider; null when PAYMENT_PROVIDER is unset (no « Payer en ligne », no card refund). */
  payments: PaymentProvider | null;
  /** What other capabilities do when a payment is recorded (e-invoicing's « Encaissée »). */
  invoiceHooks?: InvoiceHooks;
};

type CardRefundEntry = CardRefunds['remboursements'][number];

type Refund = Pick<RemboursementsCarteTable, 'paiementId' | 'fournisseur' | 'remboursementId' | 'statut' | 'montantCentimes'> & {
  factureId: string;
};

/** What the webhook's transaction needs to record a refund: the invoice's lock and hooks, the provider's name, the e-mail's settings. */
type RefundEventDeps = HolderPaymentDeps & { fournisseur: PaymentProvider['name']; config: Config };

/** The withdrawal refunds by card of some invoices (all when none is named), each with what the provider last said of it. */
export async function withdrawalCardRefunds(db: Db, factureId?: string) {
  const owed = await listWithdrawalCardRefunds(db, { factureId });
  const states = await listCardRefunds(
    db,
    owed.map((refund) => refund.paiementId),
  );
  return owed.map((refund) => ({ ...refund, provider: states.get(refund.paiementId) ?? null }));
}

/**
 * Money an invoice received by card beyond what it is owed: the refunds asked for it (each on the
 * card payment it goes back on, made or waiting), then what is left to give back, on a card
 * payment that covers it (the one whose refund failed first, to try again; otherwise the newest
 * one not refunded yet). A failed refund with nothing left to give back is no longer shown.
 */
async function excessCardRefunds(db: Db, factureId: string): Promise<CardRefundEntry[]> {
  const cards = await listCardPaymentsOf(db, factureId);
  if (cards.length === 0) return [];
  const states = await listCardRefunds(
    db,
    cards.map((card) => card.id),
  );
  const entries = cards.flatMap((card): CardRefundEntry[] => {
    const state = states.get(card.id);
    if (!state) return [];
    const { statut, montantCentimes, updatedAt: majLe } = state;
    return [{ paiementId: card.id, motif: 'trop-perçu', date: card.date, montantCentimes, statut, majLe }];
  });
  const asked = entries.filter((entry) => entry.statut === 'en cours').reduce((sum, entry) => sum + entry.montantCentimes, 0);
  const toGiveBack = -((await remainingOf(db, factureId)) ?? 0) - asked;
  const settled = entries.filter((entry) => entry.statut !== 'échoué');
  if (toGiveBack <= 0) return settled;
  const covers = (paiementId: string) => (cards.find((card) => card.id === paiementId)?.montantCentimes ?? 0) >= toGiveBack;
  const failed = entries.find((entry) => entry.statut === 'échoué' && covers(entry.paiementId));
  if (failed) return [...settled, { ...failed, montantCentimes: toGiveBack }];
  const fresh = cards.find((card) => !states.has(card.id) && card.montantCentimes >= toGiveBack);
  if (!fresh) return settled;
  return [
    ...settled,
    { paiementId: fresh.id, motif: 'trop-perçu', date: fresh.date, montantCentimes: toGiveBack, statut: null, majLe: null },
  ];
}

/** GET …/remboursements-carte: an issued invoice's card refunds (none for most); 404 for a missing one. */
export async function cardRefundsOf(deps: CardRefundDeps, factureId: string): Promise<CardRefunds> {
  if (!(await findPayableInvoice(deps.database.db, factureId))) throw notFound(msg.notFound);
  const withdrawals = await withdrawalCardRefunds(deps.database.db, factureId);
  return {
    fournisseur: deps.payments !== null,
    remboursements: [
      ...withdrawals.map((refund): CardRefundEntry => ({
        paiementId: refund.paiementId,
        motif: 'rétractation',
        date: refund.date,
        montantCentimes: -refund.montantCentimes,
        statut: refund.provider?.statut ?? null,
        majLe: refund.provider?.updatedAt ?? null,
      })),
      ...(await excessCardRefunds(deps.database.db, factureId)),
    ],
  };
}

/**
 * GET …/remboursements-carte as the page reads it: the refunds the provider has not finished are
 * asked after first. Its notifications may never come (an endpoint set up without the `refund.*`
 * events), and a refund left « en cours » would keep its button away for good. Its answer is its
 * word, recorded as a notification's would be; when it does not answer, what was last recorded.
 */
export async function cardRefundsNow(deps: CardRefundDeps, factureId: string): Promise<CardRefunds> {
  const before = await cardRefundsOf(deps, factureId);
  const provider = deps.payments;
  const waiting = before.remboursements.filter((refund) => refund.statut === 'en cours').map((refund) => refund.paiementId);
  if (!provider || waiting.length === 0) return before;
  let changed = false;
  for (const row of (await listCardRefunds(deps.database.db, waiting)).values()) {
    const now = await provider.refundState(row.remboursementId).catch((error: unknown) => {
      deps.log.warn({ err: error, factureId, refundId: row.remboursementId }, 'the payment provider did not say where a refund is');
      return null;
    });
    if (!now || now.state === 'en cours') continue;
    const { paiementId, fournisseur, remboursementId, montantCentimes } = row;
    const settled = await withWriteTransaction(deps.database, (trx) =>
      settleRefund(
        trx,
        { ...deps, fournisseur },
        { factureId, paiementId, fournisseur, remboursementId, montantCentimes, statut: now.state },
        parisToday(),
      ),
    );
    if (settled.refused)
      deps.log.error(
        { factureId, paiementId, refundId: remboursementId, reason: settled.refused },
        'a card refund made could not be recorded',
      );
    changed = true;
  }
  if (!changed) return before;
  deps.invoiceHooks?.afterCommit?.();
  deps.outbox.kick();
  return cardRefundsOf(deps, factureId);
}

/**
 * « Rembourser par carte »: the provider is asked to give the refund back on the card payment
 * of the invoice that covers it. The idempotency key is the refund's and its try's (after a
 * failed one, a new refund), so that two taps at once, or a retry, refund once. The provider's
 * answer is recorded; its notifications follow (`applyRefundEvent`).
 */
export async function makeCardRefund(deps: CardRefundDeps, factureId: string, paiementId: string): Promise<CardRefunds> {
  const before = await cardRefundsOf(deps, factureId);
  const refund = before.remboursements.find((candidate) => candidate.paiementId === paiementId);
  if (!refund) throw notFound(msg.unknownRefund);
  if (refund.statut === 'en cours') throw conflict(msg.alreadyAsked);
  if (refund.statut === 'effectué') throw conflict(msg.alreadyDone);
  const provider = deps.payments;
  if (!provider) throw conflict(msg.providerOff);
  // A withdrawal's goes back on a card payment that covers it; money received in excess, on the one it names.
  const card = (await listCardPaymentsOf(deps.database.db, factureId)).find((payment) =>
    refund.motif === 'trop-perçu' ? payment.id === paiementId : payment.montantCentimes >= refund.montantCentimes,
  );
  if (!card?.reference) throw conflict(msg.noCardPayment);

  const previous = (await listCardRefunds(deps.database.db, [paiementId])).get(paiementId);
  let made;
  try {
    made = await provider.refund({
      refundKey: `refund-${paiementId}-${previous?.remboursementId ?? 'first'}`,
      paymentReference: card.reference,
      montantCentimes: refund.montantCentimes,
      metadata: { factureId, paiementId },
    });
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      deps.log.warn({ factureId, paiementId, reason: error.message }, 'the payment provider refused a card refund');
      throw conflict(msg.providerRefused);
    }
    deps.log.error({ err: error, factureId, paiementId }, 'the payment provider did not answer a card refund');
    throw new AppError('unavailable', msg.providerUnavailable);
  }
  const settled = await withWriteTransaction(deps.database, (trx) =>
    settleRefund(
      trx,
      { ...deps, fournisseur: provider.name },
      {
        factureId,
        paiementId,
        fournisseur: provider.name,
        remboursementId: made.refundId,
        statut: made.state,
        montantCentimes: refund.montantCentimes,
      },
      parisToday(),
    ),
  );
  if (settled.refused)
    deps.log.error({ factureId, paiementId, refundId: made.refundId, reason: settled.refused }, 'a card refund made could not be recorded');
  deps.invoiceHooks?.afterCommit?.();
  deps.outbox.kick();
  deps.log.info({ factureId, paiementId, refundId: made.refundId, state: made.state }, 'card refund asked of the payment provider');
  return cardRefundsOf(deps, factureId);
}

/** A refund's key among the invoice's payments: once per provider's refund, whichever of its notifications or answers comes first. */
const refundPaymentKey = (fournisseur: PaymentProvider['name'], refundId: string) => `${fournisseur}-remboursement:${refundId}`;

/** The key of the money recorded back when a refund recorded as given back (key `refundKey`) fails. */
export const bouncedRefundKey = (refundKey: string) => `${refundKey}:echec`;

/**
 * What the provider says of a refund asked here, kept (`recordRefundState`). A withdrawal's is in
 * the books since the withdrawal; money received in excess (its row names the card payment it
 * goes back on) is recorded as given back once the provider says the refund is made, on its word,
 * once (its key). `refused` says why it could not be (the invoice no longer holds that much). A
 * refund recorded as given back that the provider then says failed has its money recorded back.
 */
async function settleRefund(trx: Db, deps: RefundEventDeps, refund: Refund, day: string): Promise<Settled> {
  // A word older than the one kept (a late copy of « made » after « failed ») changes nothing.
  if (!(await recordRefundState(trx, deps, refund))) return { refused: null, cameBack: false };
  const key = refundPaymentKey(refund.fournisseur, refund.remboursementId);
  if (refund.statut === 'échoué') {
    const back = await recordFailedHolderRefund(trx, deps, { refundKey: key, cle: bouncedRefundKey(key), date: day });
    return { refused: null, cameBack: back !== null };
  }
  if (refund.statut !== 'effectué') return { refused: null, cameBack: false };
  const payment = await findPaymentById(trx, refund.paiementId);
  if (!payment || payment.montantCentimes < 0) return { refused: null, cameBack: false };
  const result = await recordHolderRefund(trx, deps, {
    factureId: refund.factureId,
    date: day,
    montantCentimes: refund.montantCentimes,
    moyen: 'carte',
    reference: refund.remboursementId,
    cle: key,
  });
  return { refused: result.outcome === 'refused' ? `${result.reason}, ${result.resteCentimes} left to pay` : null, cameBack: false };
}

/** What settling a refund did beyond its state: money it could not record (why), or money recorded back after a failure. */
type Settled = { refused: string | null; cameBack: boolean };

/**
 * The order a refund's states come in at the provider: pending, made, then (rarely, a closed
 * card) sent back; a failed refund stays failed.
 */
const STATE_ORDER: Record<Refund['statut'], number> = { 'en cours': 0, effectué: 1, échoué: 2 };

/**
 * What the provider says of a refund, kept, unless it is older than what was kept of the same
 * refund (notifications may come out of order, or again days later): false then. Once it says the
 * card is refunded, the customer is told (once), in the same transaction; and told again if a
 * refund he was told of comes back failed.
 */
async function recordRefundState(trx: Db, deps: RefundStateDeps, { factureId, ...refund }: Refund): Promise<boolean> {
  // Notifications of one refund come together (created, updated, the charge's), and the page may
  // ask Stripe at the same moment: one at a time per invoice, each reading what the last one wrote.
  await lockInvoice(trx, deps.database.engine, factureId);
  const current = (await listCardRefunds(trx, [refund.paiementId])).get(refund.paiementId);
  const sameRefund = current?.remboursementId === refund.remboursementId;
  if (sameRefund && STATE_ORDER[refund.statut] < STATE_ORDER[current.statut]) return false;
  await saveCardRefund(trx, refund);
  if (refund.statut === 'effectué' && !(sameRefund && current.statut === 'effectué'))
    await tellCustomer(trx, deps.config, factureId, { montantCentimes: refund.montantCentimes, outcome: 'made' });
  // Made, then sent back by the card's bank: what the customer was told is no longer true.
  if (refund.statut === 'échoué' && sameRefund && current.statut === 'effectué')
    await tellCustomer(trx, deps.config, factureId, { montantCentimes: refund.montantCentimes, outcome: 'bounced' });
  return true;
}

type RefundStateDeps = Pick<RefundEventDeps, 'config' | 'database'>;

async function tellCustomer(trx: Db, config: Config, factureId: string, notice: Parameters<typeof queueRefundNotice>[3]): Promise<void> {
  const invoice = await findPayableInvoice(trx, factureId);
  if (invoice) await queueRefundNotice(trx, config, invoice.row, notice);
}

const REFUND_EVENTS = new Set(['refund.created', 'refund.updated', 'refund.failed', 'charge.refund.updated']);

type Outcome = { resultat: 'appliqué' | 'ignoré' | 'refusé'; detail: string | null };

/**
 * A refund's signed notification, in the webhook's transaction. A refund we asked for is found
 * by its id; one the operator made from the provider's dashboard is found by the payment it gives
 * back on: it is the withdrawal's refund if one of that amount is owed on its invoice; otherwise,
 * once made, it is recorded as money given back (a negative payment, on the provider's word) if
 * the invoice holds that much more than it is owed (after a cancellation's credit note). Any other
 * refund is refused (logged as an error), for the operator to look at.
 */
export async function applyRefundEvent(
  trx: Db,
  deps: RefundEventDeps,
  event: Pick<ProviderEvent, 'type' | 'createdAt'> & { refund: NonNullable<ProviderEvent['refund']> },
): Promise<Outcome> {
  const { fournisseur } = deps;
  const { type, refund } = event;
  if (!REFUND_EVENTS.has(type)) return { resultat: 'ignoré', detail: `type ${type}` };
  const known = await findCardRefundByProviderId(trx, fournisseur, refund.id);
  if (known) {
    const { paiementId, remboursementId, montantCentimes } = known;
    const factureId = (await findPaymentById(trx, paiementId))?.factureId ?? '';
    const settled = await settleRefund(
      trx,
      deps,
      { factureId, paiementId, fournisseur, remboursementId, montantCentimes, statut: refund.state },
      parisToday(new Date(event.createdAt)),
    );
    // Failed at the provider after the operator left the page: he is told (the page says it too).
    if (refund.state === 'échoué' && known.statut !== 'échoué') {
      const invoice = await findPayableInvoice(trx, factureId);
      if (invoice) await queueRefundFailedNotice(trx, deps.config, invoice.row, montantCentimes);
    }
    if (settled.refused) return { resultat: 'refusé', detail: `refund ${refund.id} of ${montantCentimes}: ${settled.refused}` };
    if (settled.cameBack) return { resultat: 'appliqué', detail: `${known.paiementId}: failed after it was made, its money recorded back` };
    return { resultat: 'appliqué', detail: known.paiementId };
  }
  const payment = refund.paymentReference ? await findPaymentByReference(trx, refund.paymentReference) : undefined;
  if (!payment) return { resultat: 'refusé', detail: `refund ${refund.id} of a payment not recorded here` };
  const owed = (await withdrawalCardRefunds(trx, payment.factureId)).find(
    (candidate) => -candidate.montantCentimes === refund.amount && (candidate.provider === null || candidate.provider.statut === 'échoué'),
  );
  if (refund.currency !== 'eur') return { resultat: 'refusé', detail: `refund ${refund.id} in ${refund.currency}` };
  if (!owed) return recordDashboardRefund(trx, deps, event, payment.factureId);
  await recordRefundState(trx, deps, {
    factureId: owed.factureId,
    paiementId: owed.paiementId,
    fournisseur,
    remboursementId: refund.id,
    statut: refund.state,
    montantCentimes: refund.amount,
  });
  return { resultat: 'appliqué', detail: owed.paiementId };
}

/**
 * A refund made from the provider's dashboard that no withdrawal owes (the operator gave a
 * cancelled mission's deposit back): recorded once made, as a negative payment keyed by the
 * provider's refund, with its state; waiting or failed, nothing is recorded yet.
 */
async function recordDashboardRefund(
  trx: Db,
  deps: RefundEventDeps,
  { refund, createdAt }: { refund: NonNullable<ProviderEvent['refund']>; createdAt: string },
  factureId: string,
): Promise<Outcome> {
  if (refund.state !== 'effectué') return { resultat: 'ignoré', detail: `refund ${refund.id} not made yet (${refund.state})` };
  const result = await recordHolderRefund(trx, deps, {
    factureId,
    date: parisToday(new Date(createdAt)),
    montantCentimes: refund.amount,
    moyen: 'carte',
    reference: refund.id,
    cle: refundPaymentKey(deps.fournisseur, refund.id),
  });
  if (result.outcome === 'duplicate') return { resultat: 'ignoré', detail: 'refund already recorded' };
  if (result.outcome === 'refused') {
    return { resultat: 'refusé', detail: `refund ${refund.id} of ${refund.amount}: ${result.reason}, ${result.resteCentimes} left to pay` };
  }
  await recordRefundState(trx, deps, {
    factureId,
    paiementId: result.payment.id,
    fournisseur: deps.fournisseur,
    remboursementId: refund.id,
    statut: 'effectué',
    montantCentimes: refund.amount,
  });
  return { resultat: 'appliqué', detail: result.payment.id };
}
