import { sql } from 'kysely';
import type { QuoteEvent } from '#domain/quote-events.ts';
import type { Statut } from '#domain/statuses.ts';
import type { Db, DbEngine } from '#server/db/index.ts';

/** What « À faire » shows of a quote: enough to name it and its customer. */
const refColumns = ['d.id', 'd.numeroDevis', 'd.email', 'd.clientDetails', 'd.updatedAt'] as const;

/**
 * The first `limit` quotes of a status, oldest change first, with how many there are in all
 * (a window count, computed before LIMIT): one indexed read (`devis_statut_updated_idx`).
 */
export function listOldestInStatus(db: Db, statut: Statut, limit: number) {
  return db
    .selectFrom('devis as d')
    .select([...refColumns, sql<number>`count(*) over ()`.as('total')])
    .where('d.statut', '=', statut)
    .orderBy('d.updatedAt')
    .orderBy('d.numeroDevis')
    .limit(limit)
    .execute();
}

/** Signed quotes (en cours) whose pickup day the customer left empty. */
export function listSignedWithoutPickupDay(db: Db, engine: DbEngine, limit: number) {
  const pickupDay =
    engine === 'postgres'
      ? sql<string | null>`d."priseInfo"->>'datePriseEnCharge'`
      : sql<string | null>`json_extract(d."priseInfo", '$.datePriseEnCharge')`;
  return db
    .selectFrom('devis as d')
    .select([...refColumns, sql<number>`count(*) over ()`.as('total')])
    .where('d.statut', '=', 'en cours' satisfies Statut)
    .where((eb) => eb.or([eb(pickupDay, 'is', null), eb(pickupDay, '=', '')]))
    .orderBy('d.numeroDevis')
    .limit(limit)
    .execute();
}

export function listQuoteRefs(db: Db, ids: readonly string[]) {
  return db.selectFrom('devis as d').select(refColumns).where('d.id', 'in', ids).execute();
}

/** Signed quotes (en cours) whose customer asked to cancel them, the oldest request first, with when (`depuis`). */
export function listCancellationsRequested(db: Db, limit: number) {
  const event = 'annulation demandée' satisfies QuoteEvent;
  return db
    .selectFrom('devis as d')
    .select((eb) => [
      ...refColumns,
      eb
        .selectFrom('devis_historique as h')
        .select((inner) => inner.fn.max('h.at').as('at'))
        .whereRef('h.devisId', '=', 'd.id')
        .where('h.event', '=', event)
        .as('depuis'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where('d.statut', '=', 'en cours' satisfies Statut)
    .where('d.id', 'in', db.selectFrom('devis_historique').select('devisId').where('event', '=', event))
    .orderBy('depuis')
    .orderBy('d.numeroDevis')
    .limit(limit)
    .execute();
}
