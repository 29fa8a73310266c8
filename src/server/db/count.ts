import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How many rows a query selects (`count(*)`). PostgreSQL's count is a bigint, which pg hands over
 * as a string, and SQLite's a number: this is the one place that knows it.
 */
export async function countRows<TB extends keyof Database>(query: SelectQueryBuilder<Database, TB, object>): Promise<number> {
  const { count } = await query.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow();
  return Number(count);
}
