import { formatDay, formatParisDateAtTime, parisToday } from '#domain/format.ts';
import {
  cancellationRequestedAt,
  concludedAtIn,
  depositKeepRefusal,
  hasStarted,
  isWithinWithdrawalPeriod,
  withdrawalDeadline,
} from '#domain/legal.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { conflict } from '#server/errors.ts';
import { findOwnQuote, listHistory, lockQuoteRow, recordQuoteEvent, rowToDevis } from '#server/quotes/service.ts';
import type { Viewer } from '#server/viewer.ts';
import { queueStepNotices } from './mail.ts';
import type { WithdrawalDeps } from './withdrawal.ts';

export const CANCELLATION_MAIL_KINDS = { customer: 'annulation-client', admin: 'annulation-admin' } as const;

/**
 * « Demander l'annulation » of a signed mission by its owner (general terms, article 13): kept
 * in the quote's history with its time, which the deposit's rule counts from when the operator
 * deletes the quote (quotes/back-office.ts); the operator is e-mailed what the terms say of the
 * deposit, the customer gets a receipt, both through the outbox in the same transaction. The
 * quote stays as it is: the operator confirms the cancellation by deleting it. 409 in French on
 * a quote not signed or finished, once its vehicle is picked up, while a consumer may still
 * withdraw (« Me rétracter », free), and once asked already.
 */
export async function requestCancellation(deps: Omit<WithdrawalDeps, 'refundDeposits'>, viewer: Viewer, id: string): Promise<Devis> {
  const row = await findOwnQuote(deps, viewer, id);
  if (row.statut !== 'en cours') throw conflict(l.cancelNotSigned);
  const history = await listHistory(deps.database.db, row.id);
  const asked = cancellationRequestedAt(history);
  if (asked) throw conflict(l.cancelAlready(formatDay(parisToday(new Date(asked)))));
  if (hasStarted(history)) throw conflict(l.cancelStarted);
  const now = new Date();
  const concludedAt = concludedAtIn(history);
  if (row.clientType !== 'entreprise' && concludedAt && isWithinWithdrawalPeriod(concludedAt, now)) {
    throw conflict(l.cancelWithdrawFirst(formatDay(withdrawalDeadline(concludedAt))));
  }
  const name = row.clientDetails?.nom.trim() || viewer.name;
  const at = formatParisDateAtTime(now);
  const pickupDay = row.priseInfo?.datePriseEnCharge ?? null;
  const pickup = pickupDay ? formatDay(pickupDay.slice(0, 10)) : null;
  const depositBack = depositKeepRefusal({ pickupDay, today: parisToday(now), withdrawalUntil: null }) !== null;

  const recorded = await withWriteTransaction(deps.database, async (trx) => {
    // Two taps at once: the second waits for the first's commit, then finds its request.
    await lockQuoteRow(trx, deps.database.engine, row.id);
    if (cancellationRequestedAt(await listHistory(trx, row.id))) return false;
    await recordQuoteEvent(trx, {
      devisId: row.id,
      by: { userId: viewer.id, role: 'customer' },
      event: 'annulation demandée',
      byName: name,
    });
    await queueStepNotices(trx, deps.config, row.id, {
      customer: {
        kind: CANCELLATION_MAIL_KINDS.customer,
        to: viewer.email,
        name,
        subject: l.cancelMailCustomerSubject(row.numeroDevis),
        paragraphs: [l.cancelMailCustomerBody(row.numeroDevis, at, (row.acomptePourcent ?? 0) > 0)],
      },
      admin: {
        kind: CANCELLATION_MAIL_KINDS.admin,
        subject: l.cancelMailAdminSubject(row.numeroDevis),
        paragraphs: [l.cancelMailAdminBody(row.numeroDevis, name, at, pickup, depositBack)],
      },
    });
    return true;
  });
  if (!recorded) throw conflict(l.cancelAlready(formatDay(parisToday(now))));
  deps.outbox.kick();
  return { ...rowToDevis(row), historique: await listHistory(deps.database.db, row.id) };
}
