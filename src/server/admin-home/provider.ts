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
