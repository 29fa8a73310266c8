import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '#server/db/index.ts';
import type { OutboxChannel, OutboxRow } from '#server/db/schema.ts';
import { claimDue as claimDueRows, markAttemptFailed as markRowAttemptFailed, updateClaimed as updateClaimedRow } from './lease-queue.ts';

export type NewOutboxRow = Pick<OutboxRow, 'kind' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'attachments' | 'devisId'> &
  Partial<Pick<OutboxRow, 'channel'>>;

export async function insertMessage(db: Db, message: NewOutboxRow, now: Date, heldUntil?: Date): Promise<string> {
  const id = randomUUID();
  const at = now.toISOString();
  await db
    .insertInto('outbox')
    .values({ ...message, id, status: 'pending', attempts: 0, nextAttemptAt: heldUntil?.toISOString() ?? at, createdAt: at })
    .execute();
  return id;
}

/** Held messages (`heldUntil`) are due now; call `kick()` after the commit. */
export async function releaseMail(db: Db, ids: readonly string[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('outbox').set({ nextAttemptAt: now.toISOString() }).where('id', 'in', ids).where('status', '=', 'pending').execute();
}

/** Messages whose cause was taken back are never sent (those not yet claimed by a worker). */
export async function cancelMail(db: Db, ids: readonly string[], reason: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set({ status: 'cancelled', lastError: reason })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .execute();
}

/** Claims up to `limit` due messages for `leaseMs` (lease-queue.ts: one worker of one instance each). */
export const claimDue = (handle: DatabaseHandle, options: { now: Date; leaseMs: number; limit: number }) =>
  claimDueRows(handle, 'outbox', options);

const updateClaimed = (db: Db, claimed: Pick<OutboxRow, 'id' | 'attempts'>) => updateClaimedRow(db, 'outbox', claimed);

/** Marks a claimed message sent; false when the claim was lost meanwhile (another worker took it over). */
export async function markSent(db: Db, claimed: Pick<OutboxRow, 'id' | 'attempts'>, now: Date): Promise<boolean> {
  const row = await updateClaimed(db, claimed)
    .set({ status: 'sent', sentAt: now.toISOString(), leaseUntil: null, lastError: null })
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A failed attempt: back to `pending` for `nextAttemptAt`, or `failed` for good when it is null. */
export const markAttemptFailed = (
  db: Db,
  claimed: Pick<OutboxRow, 'id' | 'attempts'>,
  outcome: { error: string; nextAttemptAt: Date | null },
) => markRowAttemptFailed(db, 'outbox', claimed, outcome);

/** A message whose cause is gone (the quote was deleted or moved on): never sent. */
export async function markCancelled(db: Db, claimed: Pick<OutboxRow, 'id' | 'attempts'>, reason: string): Promise<void> {
  await updateClaimed(db, claimed).set({ status: 'cancelled', leaseUntil: null, lastError: reason }).execute();
}

/** The latest message of a kind about a quote (its e-mail's state for the administrator). */
export function findLatestForQuote(db: Db, devisId: string, kind: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'status', 'attempts', 'nextAttemptAt', 'lastError', 'sentAt', 'createdAt'])
    .where('devisId', '=', devisId)
    .where('kind', '=', kind)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Sends a waiting or given-up message now; false when it is already sent, being sent or cancelled. */
export async function retryNow(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('outbox')
    .set({ status: 'pending', nextAttemptAt: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The messages given up since `since` (the newest first, `limit` of them) with how many there
 * are; and how many the worker is about to send (being sent, or due before `until`):
 * `outbox_due_idx` for both.
 */
export function listFailedSince(db: Db, since: string, limit: number, channel: OutboxChannel = 'email') {
  return db
    .selectFrom('outbox')
    .select(['id', 'recipient', 'subject', 'devisId', 'createdAt', sql<number>`count(*) over ()`.as('total')])
    .where('channel', '=', channel)
    .where('status', '=', 'failed')
    .where('createdAt', '>=', since)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function countInFlight(db: Db, until: string): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) => eb.or([eb('status', '=', 'sending'), eb.and([eb('status', '=', 'pending'), eb('nextAttemptAt', '<=', until)])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
