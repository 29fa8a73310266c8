import { sql } from 'kysely';
import type { FactureStatut } from '#domain/invoices.ts';
import type { Db } from '#server/db/index.ts';

const ISSUED: FactureStatut = 'émise';

/**
 * Issued invoices past their due day that still owe something, the oldest due first, with
 * their count and what they owe together (window aggregates, before LIMIT). What is owed is
 * the domain's `resteAPayer` (total, less issued credit notes, less payments), written in SQL
 * so that the paid ones are left out by the database; admin-home/a-faire.test.ts checks that
 * the two agree. Reads `factures_echeance_idx` for the candidates; the payments and credit
 * notes are summed once per invoice in two grouped joins (a correlated sum per candidate
 * invoice cost 19 ms on PostgreSQL with 5 000 invoices, the joins 8 ms; BENCHMARKS.md).
 */
export function listOverdue(db: Db, today: string, limit: number) {
  const credited = db
    .selectFrom('factures')
    .select(['factureOrigineId', sql<number>`sum("totalCentimes")`.as('centimes')])
    .where('type', '=', 'avoir')
    .where('statut', '=', ISSUED)
    .groupBy('factureOrigineId');
  const paid = db
    .selectFrom('facture_paiements')
    .select(['factureId', sql<number>`sum("montantCentimes")`.as('centimes')])
    .groupBy('factureId');
  const owed = db
    .selectFrom('factures as f')
    .leftJoin(credited.as('a'), 'a.factureOrigineId', 'f.id')
    .leftJoin(paid.as('p'), 'p.factureId', 'f.id')
    .select([
      'f.id',
      'f.numero',
      'f.clientNom',
      'f.dateEcheance',
      sql<number>`f."totalCentimes" - f."acomptesCentimes" - coalesce(a."centimes", 0) - coalesce(p."centimes", 0)`.as('resteCentimes'),
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
