import { withdrawalRefundDeadline } from '#domain/legal.ts';
import { A_FAIRE_SHOWN, type AFaireItem } from '#domain/schemas/a-faire.ts';
import { countedItem } from '#server/admin-home/provider.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { withdrawalCardRefunds } from './card-refunds.ts';
import { listCreditsToHandle } from './repository.ts';
import { refundsToMatch } from './statements.ts';

/** The bank's part of « À faire » (issue 34): the credits of the statements a payment is not yet recorded for. */
export async function bankCreditsToHandle(deps: { database: DatabaseHandle }): Promise<AFaireItem | null> {
  const rows = await listCreditsToHandle(deps.database.db, A_FAIRE_SHOWN);
  return countedItem(rows, (nombre, first) => ({
    type: 'banque-a-rapprocher',
    nombre,
    proposees: Number(first.proposees),
    operations: rows.map((row) => ({
      id: row.id,
      date: row.date,
      montantCentimes: row.montantCentimes,
      contrepartie: row.contrepartie,
      proposee: row.statut === 'proposée',
    })),
  }));
}

/**
 * The refunds withdrawals owe that are not made yet (« À faire »): by transfer, until a
 * statement's debit is matched with it; on the card that paid, until the provider says it is
 * made (card-refunds.ts). Due by the 14th day after the withdrawal (the refund's day). One the
 * administrator recorded himself was made already: not listed.
 */
export async function refundsToMake(deps: { database: DatabaseHandle }): Promise<AFaireItem | null> {
  const byTransfer = (await refundsToMatch(deps.database.db))
    .filter((refund) => refund.retractation)
    .map((refund) => ({ ...refund, moyen: 'virement' as const }));
  const byCard = (await withdrawalCardRefunds(deps.database.db))
    .filter((refund) => refund.provider?.statut !== 'effectué')
    .map((refund) => ({ ...refund, moyen: 'carte' as const }));
  const refunds = [...byTransfer, ...byCard].sort((a, b) => a.date.localeCompare(b.date));
  if (refunds.length === 0) return null;
  return {
    type: 'remboursements-a-faire',
    nombre: refunds.length,
    totalCentimes: refunds.reduce((total, refund) => total - refund.montantCentimes, 0),
    remboursements: refunds.slice(0, A_FAIRE_SHOWN).map((refund) => ({
      id: refund.paiementId,
      factureId: refund.factureId,
      numero: refund.numero,
      client: refund.clientNom,
      montantCentimes: -refund.montantCentimes,
      avant: withdrawalRefundDeadline(refund.date),
      moyen: refund.moyen,
    })),
  };
}
