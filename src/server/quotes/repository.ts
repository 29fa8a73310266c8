import { randomUUID } from 'node:crypto';
import type { QuoteEvent } from '#domain/quote-events.ts';
import { INITIAL_STATUT, type Role, type Statut } from '#domain/statuses.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import { countRows } from '#server/db/count.ts';
import { toJsonColumns } from '#server/db/json-columns.ts';
import type { DevisJson, DevisRow, DevisUpdate, JsonColumn, NewDevisRow } from '#server/db/schema.ts';

/** The nested objects of a write, as the domain types them (serialized here, once). */
type JsonValues = Partial<{ [K in JsonColumn]: DevisJson[K] | null }>;
/** What a write may change in a quote; its status, version and times are the repository's. */
export type QuoteChanges = Omit<DevisUpdate, JsonColumn | 'id' | 'statut' | 'version' | 'createdAt' | 'updatedAt'> & JsonValues;
export type NewQuote = Omit<NewDevisRow, JsonColumn | 'id' | 'numeroDevis' | 'createdAt' | 'updatedAt' | 'statut' | 'archive' | 'version'> &
  JsonValues;

/**
 * Inserts a quote with the next numeroDevis: the counter row is incremented in the same
 * write transaction (UPDATE … RETURNING), the UNIQUE constraint on numeroDevis is the backstop.
 * `beforeInsert` runs in that transaction after the counter's update, which serialises quote
 * creation on both engines: a rule that counts quotes there (the daily cap) cannot be
 * overshot by simultaneous requests, and what it throws rolls everything back.
 */
export async function createQuote(
  handle: DatabaseHandle,
  quote: NewQuote,
  by: { userId: string | null; role: Role },
  { beforeInsert }: { beforeInsert?: (trx: Db) => Promise<void> } = {},
): Promise<DevisRow> {
  return withWriteTransaction(handle, async (trx) => {
    const counter = await trx
      .updateTable('devis_counter')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'numeroDevis')
      .returning('value')
      .executeTakeFirstOrThrow();
    await beforeInsert?.(trx);
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('devis')
      .values({
        ...toJsonColumns(quote),
        id: randomUUID(),
        numeroDevis: counter.value,
        statut: INITIAL_STATUT,
        archive: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordStatusChange(trx, { devisId: row.id, fromStatut: null, toStatut: INITIAL_STATUT, ...by });
    return row;
  });
}

/** How many quotes a customer has saved since the given instant (ISO text). */
export function countQuotesSince(db: Db, uid: string, since: string): Promise<number> {
  return countRows(db.selectFrom('devis').where('uid', '=', uid).where('createdAt', '>=', since));
}

/** The numbers of these quotes, by id (one query; an unknown id is left out). */
export async function findQuoteNumbers(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('devis')
    .select(['id', 'numeroDevis'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.numeroDevis]));
}

export function findQuoteById(db: Db, id: string): Promise<DevisRow | undefined> {
  return db.selectFrom('devis').selectAll().where('id', '=', id).executeTakeFirst();
}

let historySequence = 0;

/** Time-ordered ids: two changes in the same millisecond still list in the order they happened. */
function historyId(at: string): string {
  historySequence = (historySequence + 1) % 1_000_000;
  return `${at}-${String(historySequence).padStart(6, '0')}-${randomUUID().slice(0, 8)}`;
}

/** An event of the quote's history that is not a status, and whom it names (the signer…). */
export type EventEntry = { event: QuoteEvent; byName?: string | null };

async function recordStatusChange(
  db: Db,
  change: { devisId: string; fromStatut: Statut | null; toStatut: Statut; userId: string | null; role: Role } & Partial<EventEntry>,
): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('devis_historique')
    .values({
      id: historyId(at),
      devisId: change.devisId,
      fromStatut: change.fromStatut,
      toStatut: change.toStatut,
      byUserId: change.userId,
      byRole: change.role,
      at,
      event: change.event ?? null,
      byName: change.byName ?? null,
    })
    .execute();
}

/**
 * Records an event that is not a status (« signé en ligne », « Véhicule pris en charge »…) in
 * the quote's history, inside the caller's transaction: its row keeps the status as it is
 * (from and to the same). Returns false when the quote does not exist.
 */
export async function recordQuoteEvent(
  trx: Db,
  entry: { devisId: string; by: { userId: string | null; role: Role } } & EventEntry,
): Promise<boolean> {
  const quote = await trx.selectFrom('devis').select('statut').where('id', '=', entry.devisId).executeTakeFirst();
  if (!quote) return false;
  await recordStatusChange(trx, {
    devisId: entry.devisId,
    fromStatut: quote.statut,
    toStatut: quote.statut,
    ...entry.by,
    event: entry.event,
    byName: entry.byName,
  });
  return true;
}

export type TransitionArgs = {
  id: string;
  expected: Statut;
  to: Statut;
  changes?: QuoteChanges;
  by: { userId: string | null; role: Role };
  recordSameStatus?: boolean;
  /** The event that caused this change (« signé en ligne »), recorded on its history row. */
  event?: EventEntry;
};

/**
 * Moves a quote from `expected` to `to` with the other changes, only if its status is still
 * `expected` (compare-and-set): two concurrent changes cannot both apply. Returns the new
 * row, or undefined when the quote changed meanwhile or does not exist. A change that keeps
 * the status is recorded in the history only with `recordSameStatus` (a re-uploaded signed
 * quote is).
 */
export function transitionQuote(handle: DatabaseHandle, args: TransitionArgs): Promise<DevisRow | undefined> {
  return withWriteTransaction(handle, (trx) => transitionQuoteIn(trx, args));
}

/** transitionQuote inside the caller's transaction (a change and the e-mail that tells of it commit together). */
export async function transitionQuoteIn(trx: Db, args: TransitionArgs): Promise<DevisRow | undefined> {
  const row = await trx
    .updateTable('devis')
    .set((eb) => ({
      ...toJsonColumns(args.changes ?? {}),
      statut: args.to,
      updatedAt: new Date().toISOString(),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', args.id)
    .where('statut', '=', args.expected)
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  if (args.expected !== args.to || args.recordSameStatus || args.event) {
    await recordStatusChange(trx, { devisId: row.id, fromStatut: args.expected, toStatut: args.to, ...args.by, ...args.event });
  }
  return row;
}

/**
 * Takes back a transition that transitionQuote has just made (`done` is the row it returned)
 * when the step that had to follow it failed: the quote goes back to `restore` and the
 * history entry the transition wrote is removed, but only if nobody wrote the quote since
 * (compare-and-set on its version, which every write increments). Returns false, changing
 * nothing, when the quote changed meanwhile.
 */
export function undoTransition(handle: DatabaseHandle, args: UndoArgs): Promise<boolean> {
  return withWriteTransaction(handle, (trx) => undoTransitionIn(trx, args));
}

type UndoArgs = { done: DevisRow; restore: QuoteChanges & { statut: Statut } };

/** undoTransition inside the caller's transaction (what else the step had written goes with it). */
export async function undoTransitionIn(trx: Db, args: UndoArgs): Promise<boolean> {
  const row = await trx
    .updateTable('devis')
    .set((eb) => ({ ...toJsonColumns(args.restore), updatedAt: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('id', '=', args.done.id)
    .where('version', '=', args.done.version)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  // Unchanged since the transition: the entry it wrote (at or after its updatedAt) is the latest.
  const latest = await trx
    .selectFrom('devis_historique')
    .select('id')
    .where('devisId', '=', row.id)
    .where('at', '>=', args.done.updatedAt)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) await trx.deleteFrom('devis_historique').where('id', '=', latest.id).execute();
  return true;
}

export async function listHistory(db: Db, devisId: string) {
  return db
    .selectFrom('devis_historique')
    .select(['fromStatut', 'toStatut', 'byRole', 'at', 'event', 'byName'])
    .where('devisId', '=', devisId)
    .orderBy('id')
    .execute();
}

/** A customer's quotes: the active ones (newest first) or the archived ones (by number). */
export function listOwnQuotes(db: Db, uid: string, { archived }: { archived: boolean }): Promise<DevisRow[]> {
  const query = db.selectFrom('devis').selectAll().where('uid', '=', uid);
  if (archived) return query.where('statut', '=', 'archivé').orderBy('numeroDevis', 'asc').execute();
  return query.where('statut', '<>', 'archivé').orderBy('dateSimulation', 'desc').orderBy('numeroDevis', 'desc').execute();
}

/**
 * Deletes a quote only if its status is still one of `expected` (compare-and-set, like
 * transitionQuote); its history and search text go with it (ON DELETE CASCADE). Returns the
 * deleted row.
 */
export function deleteQuote(handle: DatabaseHandle, args: DeleteArgs): Promise<DevisRow | undefined> {
  return withWriteTransaction(handle, (trx) => deleteQuoteIn(trx, args));
}

type DeleteArgs = { id: string; expected: readonly Statut[] };

/** deleteQuote inside the caller's transaction (the customer's e-mail about it commits with it). */
export function deleteQuoteIn(trx: Db, args: DeleteArgs): Promise<DevisRow | undefined> {
  return trx.deleteFrom('devis').where('id', '=', args.id).where('statut', 'in', args.expected).returningAll().executeTakeFirst();
}

/**
 * At a customer's sign-in (his mailbox is verified, or he could not sign in): the imported
 * quotes that carry his address and have no owner become his. Returns how many.
 */
export async function claimImportedQuotes(db: Db, user: { id: string; email: string }): Promise<number> {
  const result = await db
    .updateTable('devis')
    .set((eb) => ({ uid: user.id, updatedAt: new Date().toISOString(), version: eb('version', '+', 1) }))
    .where('uid', 'is', null)
    .where('email', '=', user.email.toLowerCase())
    .where('id', 'in', (eb) => eb.selectFrom('firebase_import').select('targetId').where('collection', '=', 'devis'))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** On PostgreSQL, locks the quote for the rest of the write transaction (SQLite's BEGIN IMMEDIATE already serialises writers). */
export async function lockQuoteRow(trx: Db, engine: DatabaseHandle['engine'], id: string): Promise<void> {
  if (engine === 'postgres') await trx.selectFrom('devis').select('id').where('id', '=', id).forUpdate().execute();
}

/** When the quote last became terminé (its history), or null. */
export async function findFinishedAt(db: Db, devisId: string): Promise<string | null> {
  const row = await db
    .selectFrom('devis_historique')
    .select('at')
    .where('devisId', '=', devisId)
    .where('toStatut', '=', 'terminé')
    .where('event', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.at ?? null;
}
