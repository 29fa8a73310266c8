import { sql, type RawBuilder } from 'kysely';
import type { Etape } from '#domain/schemas/missions.ts';
import type { Statut } from '#domain/statuses.ts';
import type { Db, DbEngine } from '#server/db/index.ts';

/** A text field of a JSON column, on either engine (jsonb on PostgreSQL, JSON text on SQLite). */
function jsonText(engine: DbEngine, column: 'priseInfo' | 'livraisonInfo', field: string): RawBuilder<string | null> {
  return engine === 'postgres'
    ? sql<string | null>`d.${sql.ref(column)}->>${sql.lit(field)}`
    : sql<string | null>`json_extract(d.${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
}

/**
 * The missions under way (en cours) whose pickup, or delivery, falls on one of `days` and whose
 * inspection of that step is not completed yet: read from the few quotes en cours
 * (`devis_statut_idx`), the day compared in SQL; the first `limit`, with how many there are.
 */
export function listStepsOn(db: Db, engine: DbEngine, etape: Etape, days: readonly string[], limit: number) {
  const info = etape === 'prise-en-charge' ? 'priseInfo' : 'livraisonInfo';
  const day = jsonText(engine, info, etape === 'prise-en-charge' ? 'datePriseEnCharge' : 'dateLivraisonSouhaitee');
  return db
    .selectFrom('devis as d')
    .select([
      'd.id',
      'd.numeroDevis',
      'd.email',
      'd.clientDetails',
      'd.adresseDepart',
      'd.adresseArrivee',
      'd.contactDepart',
      'd.contactArrivee',
      'd.priseInfo',
      'd.livraisonInfo',
      day.as('jour'),
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where('d.statut', '=', 'en cours' satisfies Statut)
    .where(day, 'in', [...days])
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('inspections as i').select('i.id').whereRef('i.devisId', '=', 'd.id').where('i.etape', '=', etape))),
    )
    .orderBy(day)
    .orderBy('d.numeroDevis')
    .limit(limit)
    .execute();
}
