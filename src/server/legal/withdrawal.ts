import type { FastifyBaseLogger } from 'fastify';
import { formatCentimes, formatDay, formatParisDateAtTime, parisToday } from '#domain/format.ts';
import { isWithinWithdrawalPeriod, withdrawalDeadline, withdrawalRefundDeadline } from '#domain/legal.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { nextStatut } from '#domain/statuses.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { conflict } from '#server/errors.ts';
import type { OutboxWorker } from '#server/outbox/worker.ts';
import { concludedAtOf, findOwnQuote, listHistory, rowToDevis, transitionQuoteIn } from '#server/quotes/service.ts';
import type { Viewer } from '#server/viewer.ts';
import { queueStepNotices } from './mail.ts';
import { findRetractation, insertRetractation } from './repository.ts';

/**
 * What a withdrawal asks of the deposits (issue 29, payments/): in the withdrawal's
 * transaction, a credit note and a negative payment entry to do within 14 days for every
 * deposit received (L221-24). It answers what is owed back on each deposit invoice, which the
 * administrator's e-mail says with its deadline; the transfer itself is his to make.
 */
export type DepositRefunds = (
  trx: Db,
  quote: { devisId: string; numeroDevis: number; withdrawnAt: Date },
) => Promise<readonly { numero: string; montantCentimes: number }[]>;

export type WithdrawalDeps = {
  database: DatabaseHandle;
  outbox: OutboxWorker;
  config: Config;
  log: FastifyBaseLogger;
  refundDeposits?: DepositRefunds;
};

export const WITHDRAWAL_MAIL_KINDS = { customer: 'retractation-client', admin: 'retractation-admin' } as const;

/** Why a consumer may not withdraw now (a French 409), or null when he may. */
async function refusalOf(db: Db, row: DevisRow, now: Date): Promise<string | null> {
  if (row.clientType === 'entreprise') return l.withdrawBusiness;
  if (await findRetractation(db, row.id)) return l.withdrawAlready;
  if (row.statut === 'terminé') return l.withdrawDone;
  if (!nextStatut('customer', 'withdraw', row.statut)) return l.withdrawNotSigned;
  const concludedAt = await concludedAtOf(db, row.id);
  if (!concludedAt) return l.withdrawNotSigned;
  if (!isWithinWithdrawalPeriod(concludedAt, now)) return l.withdrawLate(formatDay(withdrawalDeadline(concludedAt)));
  return null;
}

/**
 * « Me rétracter » (L221-18, L221-21): the owner only (another customer: 404); a business, a
 * mission done, a quote not signed, a period over: 409 saying why. In one transaction the quote
 * leaves the active list through the transition table (history « rétractation du client »), the
 * withdrawal is kept with its time, any deposit is put to be refunded, and the customer's receipt
 * (content, date and time: D221-5) and the administrator's notice are queued.
 */
export async function withdrawFromContract(
  deps: WithdrawalDeps,
  viewer: Viewer,
  id: string,
  client: { ipAddress: string },
): Promise<Devis> {
  const row = await findOwnQuote(deps, viewer, id);
  const now = new Date();
  const refusal = await refusalOf(deps.database.db, row, now);
  if (refusal) throw conflict(refusal);
  const name = row.clientDetails?.nom.trim() || viewer.name;
  const at = formatParisDateAtTime(now);

  const updated = await withWriteTransaction(deps.database, async (trx) => {
    const moved = await transitionQuoteIn(trx, {
      id: row.id,
      expected: row.statut,
      to: 'archivé',
      changes: { archive: 1 },
      by: { userId: viewer.id, role: 'customer' },
      event: { event: l.historyEvent, byName: name },
    });
    if (!moved) return null;
    await insertRetractation(trx, {
      devisId: row.id,
      numeroDevis: row.numeroDevis,
      userId: viewer.id,
      nom: name,
      at: now.toISOString(),
      ipAddress: client.ipAddress,
    });
    const refunds = (await deps.refundDeposits?.(trx, { devisId: row.id, numeroDevis: row.numeroDevis, withdrawnAt: now })) ?? [];
    const refundBy = formatDay(withdrawalRefundDeadline(parisToday(now)));
    const refundLines = refunds.map((refund) => l.mailAdminRefund(formatCentimes(refund.montantCentimes), refund.numero, refundBy));
    await queueStepNotices(trx, deps.config, row.id, {
      customer: {
        kind: WITHDRAWAL_MAIL_KINDS.customer,
        to: viewer.email,
        name,
        subject: l.mailCustomerSubject(row.numeroDevis),
        paragraphs: l.mailCustomerBody(row.numeroDevis, name, at).split('\n\n'),
      },
      admin: {
        kind: WITHDRAWAL_MAIL_KINDS.admin,
        subject: l.mailAdminSubject(row.numeroDevis),
        paragraphs: [
          l.mailAdminBody(row.numeroDevis, name, at),
          ...(refundLines.length > 0 ? [...refundLines, l.mailAdminRefundBooked] : []),
        ],
      },
    });
    return moved;
  });
  if (!updated) throw conflict(l.withdrawAlready);
  deps.outbox.kick();
  return { ...rowToDevis(updated), historique: await listHistory(deps.database.db, row.id) };
}
