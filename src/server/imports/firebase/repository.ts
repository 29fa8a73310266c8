import type { Utilisateur } from '#domain/schemas/accounts.ts';
import type { ImportCollection } from '#domain/texts/import.ts';
import { withWriteTransaction, type DatabaseHandle, type Db, type DbEngine } from '#server/db/index.ts';
import { toJsonColumns } from '#server/db/json-columns.ts';
import type { FirebaseImportTable, NewDevisRow } from '#server/db/schema.ts';
import { recordQuoteEvent, type NewQuote } from '#server/quotes/service.ts';

/** Rows of the journal, by collection then Firebase id. */
export type JournalRow = FirebaseImportTable;

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/** better-auth's columns as its adapter writes them: dates and booleans natively on PostgreSQL, as text and 0/1 on SQLite. */
const authDate = (engine: DbEngine, date: Date) => (engine === 'postgres' ? date : date.toISOString());
const authBool = (engine: DbEngine, value: boolean) => (engine === 'postgres' ? value : value ? 1 : 0);

/** What the database already holds that the import's decisions depend on (read, never written). */
export type ImportState = {
  journal: Map<string, JournalRow>;
  /** Every quote number in use or reserved. */
  takenNumbers: Set<number>;
  counter: number;
  usersByEmail: Map<string, { id: string; emailVerified: boolean }>;
  userIds: Set<string>;
  profileIds: Set<string>;
  /** Quotes by id (among those the import names): whether each has a signed PDF. */
  quotes: Map<string, { hasSignedFile: boolean }>;
};

export const journalKey = (collection: ImportCollection, sourceId: string) => `${collection}\u0000${sourceId}`;

/**
 * The state an import starts from, read only. A database the server never started (no
 * tables yet, or not ours) reads as empty: a dry run must not create them.
 */
export async function readImportState(
  db: Db,
  names: {
    emails: readonly string[];
    userIds: readonly string[];
    quoteSourceIds: readonly string[];
    importedId: (sourceId: string) => string;
  },
): Promise<ImportState> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  const journal = new Map<string, JournalRow>();
  if (tables.has('firebase_import')) {
    for (const row of await db.selectFrom('firebase_import').selectAll().execute()) {
      journal.set(journalKey(row.collection as ImportCollection, row.sourceId), row);
    }
  }
  const takenNumbers = new Set<number>();
  for (const row of journal.values()) if (row.numeroDevis !== null) takenNumbers.add(row.numeroDevis);
  const usersByEmail = new Map<string, { id: string; emailVerified: boolean }>();
  const userIds = new Set<string>();
  const profileIds = new Set<string>();
  const quotes = new Map<string, { hasSignedFile: boolean }>();
  if (!tables.has('devis') || !tables.has('user')) {
    return { journal, takenNumbers, counter: 0, usersByEmail, userIds, profileIds, quotes };
  }

  for (const row of await db.selectFrom('devis').select('numeroDevis').execute()) takenNumbers.add(row.numeroDevis);
  const counter = await readQuoteCounter(db);
  for (const emails of chunks(names.emails)) {
    const rows = await db.selectFrom('user').select(['id', 'email', 'emailVerified']).where('email', 'in', emails).execute();
    for (const row of rows) usersByEmail.set(row.email, { id: row.id, emailVerified: Boolean(row.emailVerified) });
  }
  const ids = [...new Set([...names.userIds, ...[...usersByEmail.values()].map((user) => user.id)])];
  for (const part of chunks(ids)) {
    for (const row of await db.selectFrom('user').select('id').where('id', 'in', part).execute()) userIds.add(row.id);
    for (const row of await db.selectFrom('utilisateurs').select('uid').where('uid', 'in', part).execute()) profileIds.add(row.uid);
  }
  const quoteIds = names.quoteSourceIds.map(
    (sourceId) => journal.get(journalKey('devis', sourceId))?.targetId ?? names.importedId(sourceId),
  );
  for (const part of chunks([...new Set(quoteIds)])) {
    const rows = await db.selectFrom('devis').select(['id', 'signedFileKey']).where('id', 'in', part).execute();
    for (const row of rows) quotes.set(row.id, { hasSignedFile: row.signedFileKey !== null });
  }
  return { journal, takenNumbers, counter: counter ?? 0, usersByEmail, userIds, profileIds, quotes };
}

/**
 * Reserves quote numbers in one write transaction: the journal rows of the quotes about to be
 * imported, with their numbers, and the counter moved past them, so that a quote a customer
 * saves meanwhile takes a number after them. `plan` runs inside the transaction, on the
 * numbers in use at that moment (the counter row locked on PostgreSQL, the whole database
 * on SQLite), and returns the rows to write.
 */
export async function reserveNumbers(
  handle: DatabaseHandle,
  plan: (taken: Set<number>, counter: number) => { rows: JournalRow[]; counter: number },
): Promise<{ rows: JournalRow[]; counter: number }> {
  return withWriteTransaction(handle, async (trx) => {
    let locked = trx.selectFrom('devis_counter').select('value').where('name', '=', 'numeroDevis');
    if (handle.engine === 'postgres') locked = locked.forUpdate();
    const counter = (await locked.executeTakeFirstOrThrow()).value;
    const taken = new Set<number>();
    for (const row of await trx.selectFrom('devis').select('numeroDevis').execute()) taken.add(row.numeroDevis);
    const reserved = await trx.selectFrom('firebase_import').select('numeroDevis').where('numeroDevis', 'is not', null).execute();
    for (const row of reserved) taken.add(row.numeroDevis!);
    const result = plan(taken, counter);
    for (const rows of chunks(result.rows)) {
      await trx
        .insertInto('firebase_import')
        .values(rows)
        .onConflict((oc) => oc.columns(['collection', 'sourceId']).doNothing())
        .execute();
    }
    if (result.counter > counter) {
      await trx.updateTable('devis_counter').set({ value: result.counter }).where('name', '=', 'numeroDevis').execute();
    }
    return result;
  });
}

/** An account of the original app: better-auth's user, its password if it had one, its profile. */
export type AccountToImport = {
  id: string;
  sourceUid: string;
  email: string;
  name: string;
  emailVerified: boolean;
  passwordHash: string | null;
  createdAt: Date;
  profile: Utilisateur;
  /** Whether the profile comes from the original `utilisateurs` document (else made from the account). */
  hasProfileDoc: boolean;
};

/**
 * Creates one account, its password and its profile in one transaction, with their journal
 * rows: an account never exists without its profile. Returns false when the account was
 * already there (imported by a run that ended at the same moment).
 */
export async function importAccount(handle: DatabaseHandle, account: AccountToImport, importedAt: string): Promise<boolean> {
  const { engine } = handle;
  return withWriteTransaction(handle, async (trx) => {
    const inserted = await trx
      .insertInto('user')
      .values({
        id: account.id,
        name: account.name,
        email: account.email,
        emailVerified: authBool(engine, account.emailVerified),
        createdAt: authDate(engine, account.createdAt),
        updatedAt: authDate(engine, new Date(importedAt)),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    if (account.passwordHash) {
      await trx
        .insertInto('account')
        .values({
          id: `firebase-${account.id}`,
          userId: account.id,
          accountId: account.id,
          providerId: 'credential',
          password: account.passwordHash,
          createdAt: authDate(engine, account.createdAt),
          updatedAt: authDate(engine, new Date(importedAt)),
        })
        .execute();
    }
    await trx
      .insertInto('utilisateurs')
      .values(account.profile)
      .onConflict((oc) => oc.column('uid').doNothing())
      .execute();
    const journal: JournalRow[] = [{ ...emptyJournal('auth', account.sourceUid), targetId: account.id, importedAt }];
    if (account.hasProfileDoc) journal.push({ ...emptyJournal('utilisateurs', account.sourceUid), targetId: account.id, importedAt });
    await trx.insertInto('firebase_import').values(journal).execute();
    return true;
  });
}

/**
 * The original profile of an account imported by an earlier run without it (its profile was
 * then made from the account): it replaces that one.
 */
export async function importProfile(handle: DatabaseHandle, sourceUid: string, profile: Utilisateur, importedAt: string): Promise<void> {
  await withWriteTransaction(handle, async (trx) => {
    const { uid, ...fields } = profile;
    const updated = await trx.updateTable('utilisateurs').set(fields).where('uid', '=', uid).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('utilisateurs').values(profile).execute();
    await trx
      .insertInto('firebase_import')
      .values({ ...emptyJournal('utilisateurs', sourceUid), targetId: uid, importedAt })
      .execute();
  });
}

export type QuoteToImport = NewQuote & {
  id: string;
  numeroDevis: number;
  numeroDevisOriginal: number | null;
  statut: NewDevisRow['statut'];
  archive: number;
  createdAt: string;
  updatedAt: string;
};

/**
 * Writes one quote in one transaction: the quote (with its signed PDF's key when the file was
 * stored), the « importé » entry of its history, its journal row marked done (and the signed
 * PDF's). Returns false when the journal says it was imported already.
 */
export async function importQuote(
  handle: DatabaseHandle,
  args: { sourceId: string; quote: QuoteToImport; signedFile: boolean; importedAt: string },
): Promise<boolean> {
  return withWriteTransaction(handle, async (trx) => {
    const journal = await trx
      .selectFrom('firebase_import')
      .select('importedAt')
      .where('collection', '=', 'devis')
      .where('sourceId', '=', args.sourceId)
      .executeTakeFirst();
    if (journal?.importedAt) return false;
    await trx.insertInto('devis').values(toJsonColumns(args.quote)).execute();
    await recordQuoteEvent(trx, { devisId: args.quote.id, by: { userId: null, role: 'admin' }, event: 'importé' });
    await trx
      .updateTable('firebase_import')
      .set({ importedAt: args.importedAt, targetId: args.quote.id })
      .where('collection', '=', 'devis')
      .where('sourceId', '=', args.sourceId)
      .execute();
    if (args.signedFile) {
      await trx
        .insertInto('firebase_import')
        .values({ ...emptyJournal('devis-signes', args.sourceId), targetId: args.quote.id, importedAt: args.importedAt })
        .onConflict((oc) => oc.columns(['collection', 'sourceId']).doNothing())
        .execute();
    }
    return true;
  });
}

/**
 * The signed PDF of a quote imported by an earlier run (its file was not given then), stored
 * already: the quote points to it, unless it got a signed PDF meanwhile (returns false).
 */
export async function attachSignedFile(
  handle: DatabaseHandle,
  args: { sourceId: string; devisId: string; key: string; importedAt: string },
): Promise<boolean> {
  return withWriteTransaction(handle, async (trx) => {
    const updated = await trx
      .updateTable('devis')
      .set((eb) => ({ signedFileKey: args.key, updatedAt: args.importedAt, version: eb('version', '+', 1) }))
      .where('id', '=', args.devisId)
      .where('signedFileKey', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('firebase_import')
      .values({ ...emptyJournal('devis-signes', args.sourceId), targetId: args.devisId, importedAt: args.importedAt })
      .execute();
    return true;
  });
}

/**
 * Imported quotes still without an owner whose Firebase account has arrived since (a later
 * run with --auth): they are attached to it. Returns how many.
 */
export async function attachQuotesToImportedAccounts(handle: DatabaseHandle): Promise<number> {
  return withWriteTransaction(handle, async (trx) => {
    const pending = await trx
      .selectFrom('firebase_import as q')
      .innerJoin('firebase_import as a', (join) => join.onRef('a.sourceId', '=', 'q.sourceUid').on('a.collection', '=', 'auth'))
      .innerJoin('devis as d', 'd.id', 'q.targetId')
      .select(['d.id', 'a.targetId as userId'])
      .where('q.collection', '=', 'devis')
      .where('d.uid', 'is', null)
      .execute();
    const now = new Date().toISOString();
    for (const row of pending) {
      await trx
        .updateTable('devis')
        .set((eb) => ({ uid: row.userId, updatedAt: now, version: eb('version', '+', 1) }))
        .where('id', '=', row.id)
        .where('uid', 'is', null)
        .execute();
    }
    return pending.length;
  });
}

export function emptyJournal(collection: ImportCollection, sourceId: string): JournalRow {
  return { collection, sourceId, targetId: null, sourceUid: null, numeroDevis: null, numeroOriginal: null, importedAt: null };
}

/** The quote numbers' counter (the last number given), or null before the first quote. */
export async function readQuoteCounter(db: Db): Promise<number | null> {
  const row = await db.selectFrom('devis_counter').select('value').where('name', '=', 'numeroDevis').executeTakeFirst();
  return row?.value ?? null;
}
