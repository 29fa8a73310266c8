import { randomUUID } from 'node:crypto';
import { AUDIT_PAGE_SIZE, type AuditDetails, type AuditKind, type JournalQuery, type JournalResponse } from '#domain/audit.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import { deleteAuditRowsBefore, insertAuditRow, listAuditRows } from './repository.ts';

/** Whether the account has signed in before (its first sign-in tells no one of a new browser). */
export { hasSignedInBefore } from './repository.ts';

/** Who did it, from where: the administrator, or the account an authentication event is about. */
export type AuditActor = { actorId?: string | null; actorEmail?: string | null; ip?: string | null };

export type AuditRecord = AuditActor & {
  kind: AuditKind;
  devisId?: string | null;
  numeroDevis?: number | null;
  /** The account the entry is about (the quote's owner, the account that signed in). */
  compteId?: string | null;
  details?: AuditDetails;
  at?: Date;
};

/** How long entries are kept when AUDIT_RETENTION_DAYS is not set. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 400;

/**
 * Writes one journal entry. Call it with the transaction of the change it records, so that
 * both are written or neither; the row can never be changed or deleted afterwards (but by
 * `purgeAuditLog`).
 */
export async function recordAudit(db: Db, entry: AuditRecord): Promise<void> {
  await insertAuditRow(db, {
    at: (entry.at ?? new Date()).toISOString(),
    kind: entry.kind,
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail?.toLowerCase() ?? null,
    devisId: entry.devisId ?? null,
    numeroDevis: entry.numeroDevis ?? null,
    compteId: entry.compteId ?? null,
    ip: entry.ip ?? null,
    details: JSON.stringify(entry.details ?? {}),
  });
}

/**
 * The retention purge (privacy/retention.ts runs it with the other periods): deletes the
 * entries older than `days` days before `now`, in one transaction, and returns how many went.
 */
export async function purgeAuditLog(
  database: Pick<DatabaseHandle, 'db' | 'engine'>,
  now: Date = new Date(),
  days: number = DEFAULT_AUDIT_RETENTION_DAYS,
): Promise<number> {
  return withWriteTransaction(database, (trx) => purgeAuditLogIn(trx, now, days));
}

/** The same purge inside the caller's transaction (the purge permission must not outlive it). */
async function purgeAuditLogIn(trx: Db, now: Date, days: number): Promise<number> {
  if (!Number.isInteger(days) || days < 1) throw new Error(`audit retention must be a positive number of days, not ${days}`);
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  return deleteAuditRowsBefore(trx, cutoff, randomUUID());
}

export async function listJournal(db: Db, query: JournalQuery): Promise<JournalResponse> {
  const { rows, total } = await listAuditRows(db, query, AUDIT_PAGE_SIZE);
  return { entrees: rows, page: query.page, pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)), total };
}
