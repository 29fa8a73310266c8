import { sql } from 'kysely';
import type { FactureStatut } from '#domain/invoices.ts';
import type { Db } from '#server/db/index.ts';

const ISSUED: FactureStatut = 'émise';

/**
 * Issued invoices past their due day that still owe something, the oldest due first, with
 * their count and what they owe together (window aggregates, before LIMIT). What is owed is
 * the domain's `resteAPayer` (total, less issued credit notes, less payments), written in SQL
 * so that the paid ones are left out by the database; invoices.test.ts checks that the two
 * agree. Reads `factures_echeance_idx` for the candidates.
 */
export function listOverdue(db: Db, today: string, limit: number) {
  const owed = db
    .selectFrom('factures as f')
    .select([
      'f.id',
      'f.numero',
      'f.clientNom',
      'f.dateEcheance',
      sql<number>`f."totalCentimes"
        - coalesce((select sum(a."totalCentimes") from factures a where a."factureOrigineId" = f."id" and a."type" = 'avoir' and a."statut" = ${ISSUED}), 0)
        - coalesce((select sum(p."montantCentimes") from facture_paiements p where p."factureId" = f."id"), 0)`.as('resteCentimes'),
    ])
    .where('f.type', '=', 'facture')
    .where('f.statut', '=', ISSUED)
    .where('f.dateEcheance', '<', today);
  return db
    .selectFrom(owed.as('o'))
    .select([
      'o.id',
      'o.numero',
      'o.clientNom',
      'o.dateEcheance',
      'o.resteCentimes',
      sql<number>`count(*) over ()`.as('total'),
      sql<number>`sum(o."resteCentimes") over ()`.as('totalDu'),
    ])
    .where('o.resteCentimes', '>', 0)
    .orderBy('o.dateEcheance')
    .orderBy('o.numero')
    .limit(limit)
    .execute();
}

/** The money collected in a period (YYYY-MM-DD, both ends included), refunds deducted: `facture_paiements_date_idx`. */
export async function sumPaymentsBetween(db: Db, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('facture_paiements')
    .select(sql<number | null>`sum("montantCentimes")`.as('total'))
    .where('date', '>=', from)
    .where('date', '<=', to)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
