import { sql } from 'kysely';
import type { RetentionPeriods } from '#server/config.ts';
import type { DatabaseHandle, Db } from '#server/db/index.ts';
import { purgeAuditLog, purgeAuditLogIn } from '#server/audit/service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Rows removed by one run, per kind (the log line and the tests read it). */
export type PruneReport = {
  sentMails: number;
  sessions: number;
  verifications: number;
  throttles: number;
  rateLimits: number;
  auditEntries: number;
};

/** Any fixed number, distinct from the migrations' lock: the key of the pruning task's advisory lock. */
const RETENTION_LOCK_KEY = 7_461_303;

const ms = (value: string | number | bigint | null | undefined) => Number(value ?? 0);

/**
 * Deletes what no longer serves anyone, each kind after its period (RETENTION_* variables,
 * README): e-mails sent or cancelled (their copies are in the recipients' mailboxes), expired
 * sessions, expired verification and reset links, and sign-in/sign-up counters and better-auth's
 * rate-limit rows whose window ended, and entries of the audit journal. Failed e-mails stay:
 * the administrator retries them.
 *
 * Every statement is an idempotent delete by age, so two instances running it at once do no
 * harm; on PostgreSQL a transaction-level advisory lock still lets only one of them do the
 * work at a time (the other returns null at once).
 */
export async function pruneExpiredData(handle: DatabaseHandle, periods: RetentionPeriods, now = new Date()): Promise<PruneReport | null> {
  if (handle.engine === 'postgres') {
    return handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`.execute(trx);
      if (!rows[0]?.locked) return null;
      const report = await pruneIn(trx, periods, now);
      return { ...report, auditEntries: await purgeAuditLogIn(trx, now, periods.auditDays) };
    });
  }
  const report = await pruneIn(handle.db, periods, now);
  // The journal's purge needs a transaction of its own: its permission row must not outlive it.
  return { ...report, auditEntries: await purgeAuditLog(handle, now, periods.auditDays) };
}

async function pruneIn(db: Db, periods: RetentionPeriods, now: Date): Promise<Omit<PruneReport, 'auditEntries'>> {
  const at = now.getTime();
  const iso = (ageMs: number) => new Date(at - ageMs).toISOString();

  const sentMails = await db
    .deleteFrom('outbox')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('sentAt', '<', iso(periods.sentMailDays * DAY_MS))]),
        eb.and([eb('status', '=', 'cancelled'), eb('createdAt', '<', iso(periods.sentMailDays * DAY_MS))]),
      ]),
    )
    .executeTakeFirst();

  // better-auth's own tables: dates are ISO text on SQLite and timestamptz on PostgreSQL; an
  // ISO parameter compares right on both.
  const sessions =
    await sql`delete from ${sql.table('session')} where ${sql.ref('expiresAt')} < ${iso(periods.expiredSessionDays * DAY_MS)}`.execute(db);
  const verifications = await sql`delete from ${sql.table('verification')} where ${sql.ref('expiresAt')} < ${iso(
    periods.verificationDays * DAY_MS,
  )}`.execute(db);
  const throttles = await db
    .deleteFrom('auth_throttle')
    .where('windowStart', '<', at - periods.throttleHours * HOUR_MS)
    .executeTakeFirst();
  const rateLimits =
    await sql`delete from ${sql.table('rateLimit')} where ${sql.ref('lastRequest')} < ${at - periods.throttleHours * HOUR_MS}`.execute(db);

  return {
    sentMails: ms(sentMails.numDeletedRows),
    sessions: ms(sessions.numAffectedRows),
    verifications: ms(verifications.numAffectedRows),
    throttles: ms(throttles.numDeletedRows),
    rateLimits: ms(rateLimits.numAffectedRows),
  };
}

type Logger = { info: (details: object, message: string) => void; error: (details: object, message: string) => void };

export type RetentionTask = { start(): void; stop(): Promise<void> };

const FIRST_RUN_DELAY_MS = 30_000;

/**
 * Runs `pruneExpiredData` every `intervalMinutes` (and once soon after start-up) until
 * stopped; 0 disables it. The timer does not keep the process alive, and a run in progress
 * is awaited by `stop` so that closing the app never cuts a transaction.
 */
export function createRetentionTask({
  database,
  periods,
  log,
  firstRunDelayMs = FIRST_RUN_DELAY_MS,
}: {
  database: DatabaseHandle;
  periods: RetentionPeriods;
  log: Logger;
  /** The first run waits this long, so that start-up (migrations, warming the pages) goes first. */
  firstRunDelayMs?: number;
}): RetentionTask {
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | null = null;

  const run = () => {
    if (running) return;
    running = pruneExpiredData(database, periods)
      .then((report) => {
        if (report) log.info({ pruned: report }, 'retention: expired data pruned');
      })
      .catch((error: unknown) => log.error({ err: error }, 'retention: pruning failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      if (periods.intervalMinutes <= 0 || timers.length > 0) return;
      timers = [setTimeout(run, firstRunDelayMs), setInterval(run, periods.intervalMinutes * 60_000)];
      for (const timer of timers) timer.unref();
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      await running;
    },
  };
}
