import { purgeAuditLog } from '#server/audit/service.ts';
import type { RetentionPeriods } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import type { TaskDeclaration } from '#server/tasks/declared-tasks.ts';
import { deleteExpiredRows } from './repository.ts';

/** Rows removed by one run, per kind (the log line and the tests read it). */
export type PruneReport = {
  sentMails: number;
  sessions: number;
  verifications: number;
  throttles: number;
  rateLimits: number;
  auditEntries: number;
};

/**
 * Deletes what no longer serves anyone, each kind after its period (RETENTION_* variables,
 * README): e-mails sent or cancelled (their copies are in the recipients' mailboxes), expired
 * sessions, expired verification and reset links, and sign-in/sign-up counters and better-auth's
 * rate-limit rows whose window ended, and entries of the audit journal. Failed e-mails stay:
 * the administrator retries them.
 *
 * Every statement is an idempotent delete by age, so two instances running it at once would do
 * no harm; as a declared task (`retentionTask`) it runs on one instance at a time anyway.
 */
export async function pruneExpiredData(handle: DatabaseHandle, periods: RetentionPeriods, now = new Date()): Promise<PruneReport> {
  const report = await deleteExpiredRows(handle.db, periods, now);
  // The journal's purge needs a transaction of its own: its permission row must not outlive it.
  return { ...report, auditEntries: await purgeAuditLog(handle, now, periods.auditDays) };
}

/** The pruning as a declared task (tasks/declared-tasks.ts): every `intervalMinutes`, the first run 30 s after start. */
export function retentionTask(periods: RetentionPeriods): TaskDeclaration<PruneReport> {
  return {
    name: 'retention',
    intervalMs: periods.intervalMinutes * 60_000,
    firstRunDelayMs: 30_000,
    run: ({ database, now }) => pruneExpiredData(database, periods, now),
    report: (pruned) => ({ pruned }),
  };
}
