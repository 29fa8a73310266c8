import type { DatabaseHandle } from '#server/db/index.ts';
import { findQuoteStatut } from '#server/quotes/service.ts';
import type { TaskDeclaration } from '#server/tasks/declared-tasks.ts';
import { deleteEndedBefore, endLink, listOpenLinks } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TrackingPruneReport = { ended: number; positions: number; links: number };

/**
 * Positions are kept until TRACKING_RETENTION_DAYS after the delivery, then deleted with the
 * link's row. A mission that ended without its delivery inspection (« Terminer la mission »)
 * has its tracking ended at the first run that sees it: its positions go the same way.
 */
export async function pruneTracking(database: DatabaseHandle, retentionDays: number, now: Date): Promise<TrackingPruneReport> {
  let ended = 0;
  for (const { devisId } of await listOpenLinks(database.db)) {
    const statut = await findQuoteStatut(database.db, devisId);
    if (statut === 'en cours') continue;
    await endLink(database.db, devisId, now.toISOString());
    ended += 1;
  }
  const deleted = await deleteEndedBefore(database.db, new Date(now.getTime() - retentionDays * DAY_MS).toISOString());
  return { ended, ...deleted };
}

/** As a declared task, beside the retention task and at its pace (RETENTION_INTERVAL_MINUTES). */
export function trackingRetentionTask(intervalMinutes: number, retentionDays: number): TaskDeclaration<TrackingPruneReport> {
  return {
    name: 'tracking-retention',
    intervalMs: intervalMinutes * 60_000,
    firstRunDelayMs: 40_000,
    run: ({ database, now }) => pruneTracking(database, retentionDays, now),
    report: (pruned) => (pruned.ended + pruned.positions + pruned.links > 0 ? { pruned } : null),
  };
}
