import type { AFaireItem } from '#domain/schemas/a-faire.ts';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/index.ts';

/** What a provider of « À faire » may read: the database and the configuration. */
export type AFaireDeps = { database: DatabaseHandle; config: Config };

/** The moment of the request, and today in France (YYYY-MM-DD). */
export type AFaireAt = { now: Date; today: string };

/**
 * One kind of « À faire », answered by the capability it belongs to (its service's function,
 * reading its own tables): the item, or null when nothing waits. A capability adds its kind by
 * adding its provider to the list in admin-home/service.ts (and the kind to the schema in
 * src/domain/schemas/a-faire.ts, its component to the client's band).
 */
export type AFaireProvider = (deps: AFaireDeps, at: AFaireAt) => Promise<AFaireItem | null>;

/**
 * A kind's item from the first rows of its list, which carry the whole list's count in `total`
 * (`count(*) over ()`, counted before the LIMIT; PostgreSQL answers it as text): null when
 * nothing waits. `item` builds the rest from that count and the first row (its other window sums).
 */
export function countedItem<Row extends { total: number | string | bigint }>(
  rows: readonly Row[],
  item: (nombre: number, first: Row) => AFaireItem,
): AFaireItem | null {
  const first = rows[0];
  return first ? item(Number(first.total), first) : null;
}
