import type { Selectable } from 'kysely';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import type { Database } from '#server/db/schema.ts';

/**
 * The outbox's machinery, for every effect recorded in the transaction that causes it and carried
 * out afterwards by a worker (e-mails here; the flows sent to an approved platform in einvoicing/):
 * a table whose rows have a claim state (`status` pending → sending → a final state, `attempts`,
 * `nextAttemptAt`, `leaseUntil`, `lastError`), claimed by one worker of one instance at a time,
 * tried again with a back-off, taken over when the worker that claimed it died.
 */

/** Tables with the claim columns. */
export type QueueTable = 'outbox' | 'pa_flux';
export type QueueRow<T extends QueueTable> = Selectable<Database[T]>;
type Claimed = { id: string; attempts: number };

/**
 * Claims up to `limit` rows that are due (pending and past their next attempt, or `sending` under
 * a lease that ran out because its worker died) for `leaseMs`: the claim sets `sending`, counts
 * the attempt and sets the lease, in one write. On PostgreSQL the rows are picked with FOR UPDATE
 * SKIP LOCKED, so each row goes to one worker of one instance; on SQLite the write transaction
 * (BEGIN IMMEDIATE) serialises the claimers.
 */
export async function claimDue<T extends QueueTable>(
  handle: DatabaseHandle,
  table: T,
  { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number },
): Promise<QueueRow<T>[]> {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  return withWriteTransaction(handle, async (trx) => {
    // The tables share these columns; Kysely cannot see that through a type parameter.
    let due = trx
      .selectFrom(table as 'outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', at)]),
          eb.and([eb('status', '=', 'sending'), eb('leaseUntil', '<=', at)]),
        ]),
      )
      .orderBy('nextAttemptAt')
      .limit(limit);
    if (handle.engine === 'postgres') due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    const claimed = await trx
      .updateTable(table as 'outbox')
      .set((eb) => ({ status: 'sending', leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .returningAll()
      .execute();
    return claimed as unknown as QueueRow<T>[];
  });
}

/** An update of a claimed row that applies only while this worker's claim holds: `sending`, with the attempt count it set. */
export function updateClaimed(db: Db, table: QueueTable, claimed: Claimed) {
  return db
    .updateTable(table as 'outbox')
    .where('id', '=', claimed.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', claimed.attempts);
}

const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/** When to try again after `attempts` failed ones: `baseMs` doubled at each attempt, up to an hour; null when none is left. */
export function nextAttemptAfter(
  attempts: number,
  { baseMs, maxAttempts }: { baseMs: number; maxAttempts: number },
  now: Date,
): Date | null {
  if (attempts >= maxAttempts) return null;
  return new Date(now.getTime() + Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS));
}

/** A failed attempt: back to `pending` for `nextAttemptAt`, or `failed` for good when it is null. */
export async function markAttemptFailed(
  db: Db,
  table: QueueTable,
  claimed: Claimed,
  { error, nextAttemptAt }: { error: string; nextAttemptAt: Date | null },
): Promise<void> {
  await updateClaimed(db, table, claimed)
    .set(
      nextAttemptAt
        ? { status: 'pending', nextAttemptAt: nextAttemptAt.toISOString(), leaseUntil: null, lastError: error }
        : { status: 'failed', leaseUntil: null, lastError: error },
    )
    .execute();
}

type Logger = { error: (details: object, message: string) => void };

export type LeaseWorker = {
  start(): void;
  /** Stops polling and waits for the row being processed, if any. */
  stop(): Promise<void>;
  /** Looks for due rows now (after a transaction that recorded one has committed). */
  kick(): void;
  /** Processes every row due now, then resolves with how many were claimed (tests, an administrator's retry). */
  drain(): Promise<number>;
};

/**
 * A worker over a queue table: claims a batch (`claim`), processes its rows in order (`process`,
 * which records the outcome itself), and goes on while batches come full. One cycle at a time in
 * this process: the poller, kicks and drains queue behind each other. A row whose processing
 * throws is left to its lease, then tried again.
 */
export function createLeaseWorker<Row extends { id: string }>({
  name,
  pollMs,
  batch = 10,
  claim,
  process,
  log,
}: {
  name: string;
  /** How often an idle worker looks for due rows (ms; 0: only when kicked or drained). */
  pollMs: number;
  batch?: number;
  claim: (limit: number) => Promise<Row[]>;
  process: (row: Row) => Promise<void>;
  log: Logger;
}): LeaseWorker {
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const result = tail.then(fn, fn);
    tail = result.catch(() => undefined);
    return result;
  };

  async function pass(): Promise<number> {
    const claimed = await claim(batch);
    for (const row of claimed) {
      try {
        await process(row);
      } catch (error) {
        // A fault of ours or of the database: the lease runs out and the row is tried again.
        log.error({ err: error, queue: name, rowId: row.id }, 'queued work could not be processed');
      }
    }
    return claimed.length;
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await pass();
      total += count;
      if (count < batch) return total;
    }
  }

  const runCycle = () =>
    exclusive(drainOnce).catch((error: unknown) => {
      log.error({ err: error, queue: name }, 'queue worker cycle failed');
      return 0;
    });

  function schedule(delayMs: number) {
    if (!running || pollMs === 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void runCycle().finally(() => schedule(pollMs));
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await tail;
    },
    kick() {
      if (running) void runCycle();
    },
    drain: () => exclusive(drainOnce),
  };
}
