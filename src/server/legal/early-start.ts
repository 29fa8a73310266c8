import { parisToday } from '#domain/format.ts';
import { earliestStartWithoutRequest } from '#domain/legal.ts';
import type { Db } from '#server/db/index.ts';
import type { DevisRow } from '#server/db/schema.ts';
import { concludedAtOf } from '#server/quotes/service.ts';
import { earlyStartAnswerOf } from '#server/signatures/service.ts';

/**
 * The first day a consumer's mission may start when he did not expressly ask for an early start
 * (L221-25, docs/decisions/0060): the day after his withdrawal period. Null when no such limit
 * holds now: a business customer, a quote not en cours, an early start asked at the online
 * signature, or a limit already reached. A quote signed on paper has no recorded request: the
 * limit holds.
 */
export async function startNotBefore(
  db: Db,
  row: Pick<DevisRow, 'id' | 'statut' | 'clientType'>,
  now = new Date(),
): Promise<string | null> {
  if (row.clientType === 'entreprise' || row.statut !== 'en cours') return null;
  const concludedAt = await concludedAtOf(db, row.id);
  if (!concludedAt) return null;
  const first = earliestStartWithoutRequest(concludedAt);
  if (parisToday(now) >= first) return null;
  return (await earlyStartAnswerOf(db, row.id)) === true ? null : first;
}
