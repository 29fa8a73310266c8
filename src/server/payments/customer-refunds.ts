import { parisToday } from '#domain/format.ts';
import { withdrawalRefundDeadline } from '#domain/legal.ts';
import type { PaymentPage } from '#domain/schemas/payments.ts';
import type { Db } from '#server/db/index.ts';
import { listPaymentsOf, withdrawalRefundKey } from '#server/invoices/holder-payments.ts';
import { bouncedRefundKey } from './card-refunds.ts';
import { listCardRefunds, listMatchedPayments } from './repository.ts';

type CustomerRefund = PaymentPage['remboursements'][number];

/** The Paris day of a recorded instant (when the provider's word was kept). */
const dayOf = (instant: string) => parisToday(new Date(instant));

/**
 * What the customer's payment page says of the money given back on his invoice, from the books
 * and the provider's last recorded word (the provider is not asked here):
 * - a withdrawal's refund is in the books from the withdrawal, but owed until it is made
 *   (L221-24: by its 14th day): by transfer until a statement's debit is matched with it, by card
 *   until the provider says it is made;
 * - any other refund was recorded once made (the operator's transfer, the provider's word), unless
 *   the provider later sent it back (its money recorded back under `bouncedRefundKey`);
 * - a refund of money received in excess asked of the provider and not made yet is « en cours »;
 * - what the invoice still holds beyond what it is owed, with no refund asked, is `enTropCentimes`.
 */
export async function refundsForCustomer(
  db: Db,
  factureId: string,
  resteCentimes: number,
): Promise<Pick<PaymentPage, 'remboursements' | 'enTropCentimes'>> {
  const payments = await listPaymentsOf(db, factureId);
  const keys = new Set(payments.map((payment) => payment.cle));
  const refunds = payments.filter((payment) => payment.montantCentimes < 0 && !(payment.cle && keys.has(bouncedRefundKey(payment.cle))));
  const cards = payments.filter((payment) => payment.moyen === 'carte' && payment.montantCentimes > 0);
  const owedKey = withdrawalRefundKey(factureId);
  const owed = refunds.filter((refund) => refund.cle === owedKey);
  const states = await listCardRefunds(
    db,
    [...owed, ...cards].map((payment) => payment.id),
  );
  const matched = await listMatchedPayments(
    db,
    owed.map((refund) => refund.id),
  );
  const lines = refunds.map((refund): CustomerRefund => {
    const given = { montantCentimes: -refund.montantCentimes, moyen: refund.moyen };
    if (refund.cle !== owedKey) return { ...given, statut: 'effectué', date: refund.date };
    const state = states.get(refund.id);
    const debited = matched.get(refund.id);
    if (debited) return { ...given, statut: 'effectué', date: debited };
    if (state?.statut === 'effectué') return { ...given, statut: 'effectué', date: dayOf(state.updatedAt) };
    if (state?.statut === 'en cours') return { ...given, statut: 'en cours', date: dayOf(state.updatedAt) };
    return { ...given, statut: 'à faire', date: withdrawalRefundDeadline(refund.date) };
  });
  const asked = cards.flatMap((card): CustomerRefund[] => {
    const state = states.get(card.id);
    if (state?.statut !== 'en cours') return [];
    return [{ montantCentimes: state.montantCentimes, moyen: 'carte', statut: 'en cours', date: dayOf(state.updatedAt) }];
  });
  const askedCentimes = asked.reduce((total, refund) => total + refund.montantCentimes, 0);
  return { remboursements: [...lines, ...asked], enTropCentimes: Math.max(0, -resteCentimes - askedCentimes) };
}
