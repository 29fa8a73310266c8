import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FactureType, priceLines } from '#domain/invoices.ts';
import type { DatabaseHandle, Db } from '#server/db/index.ts';
import type { FactureLigneRow, FacturePaiementRow, FactureRow, FacturesTable } from '#server/db/schema.ts';

export type NewLine = { description: string; quantiteCentiemes: number; prixUnitaireCentimes: number };
/** Lines priced by the domain (`priceLines`): each amount and the total, written as given. */
export type PricedLines = ReturnType<typeof priceLines<NewLine>>;

/**
 * The next number of a sequence (`F-2026`), inside the caller's write transaction: the row is
 * created at its first use, then incremented with UPDATE … RETURNING, which holds its lock
 * (PostgreSQL) or runs under BEGIN IMMEDIATE (SQLite) until the transaction ends. A
 * transaction that rolls back takes its increment back with it: no number is ever skipped,
 * and the UNIQUE constraint on `numero` is the backstop against any duplicate.
 */
export async function nextSequence(trx: Db, name: string): Promise<number> {
  await trx
    .insertInto('facture_compteurs')
    .values({ name, value: 0 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await trx
    .updateTable('facture_compteurs')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', name)
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** What a new document says; a deposit invoice and a final invoice's deductions are the payments capability's. */
type DepositColumns = 'nature' | 'acomptesCentimes' | 'acomptesDeduits';
export type NewDocument = Omit<FacturesTable, 'id' | 'createdAt' | 'updatedAt' | 'totalCentimes' | DepositColumns> &
  Partial<Pick<FacturesTable, DepositColumns>>;

export async function insertDocument(trx: Db, document: NewDocument, priced: PricedLines): Promise<FactureRow> {
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('factures')
    .values({
      nature: null,
      acomptesCentimes: 0,
      acomptesDeduits: null,
      ...document,
      id: randomUUID(),
      totalCentimes: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return replaceLines(trx, row, priced);
}

/** Writes a draft's lines anew and its total with them (the triggers refuse it on an issued document). */
export async function replaceLines(trx: Db, row: FactureRow, priced: PricedLines): Promise<FactureRow> {
  await trx.deleteFrom('facture_lignes').where('factureId', '=', row.id).execute();
  if (priced.lines.length > 0) {
    await trx
      .insertInto('facture_lignes')
      .values(
        priced.lines.map((line, index) => ({
          id: randomUUID(),
          factureId: row.id,
          position: index + 1,
          description: line.description,
          quantiteCentiemes: line.quantiteCentiemes,
          prixUnitaireCentimes: line.prixUnitaireCentimes,
          montantCentimes: line.montantCentimes,
        })),
      )
      .execute();
  }
  return trx
    .updateTable('factures')
    .set({ totalCentimes: priced.totalCentimes, updatedAt: new Date().toISOString() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findDocument(db: Db, id: string): Promise<FactureRow | undefined> {
  return db.selectFrom('factures').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listLines(db: Db, factureIds: readonly string[]): Promise<FactureLigneRow[]> {
  return db
    .selectFrom('facture_lignes')
    .selectAll()
    .where('factureId', 'in', factureIds)
    .orderBy('factureId')
    .orderBy('position')
    .execute();
}

export function listPayments(db: Db, factureIds: readonly string[]): Promise<FacturePaiementRow[]> {
  return db.selectFrom('facture_paiements').selectAll().where('factureId', 'in', factureIds).orderBy('date').orderBy('createdAt').execute();
}

/**
 * The issued documents (invoices and credit notes, or those of one type), every column: what the
 * queries on issued documents start from, so that « issued » is written once.
 */
function issuedDocuments(db: Db, type?: FactureType) {
  const issued = db.selectFrom('factures').selectAll().where('statut', '=', 'émise');
  return type ? issued.where('type', '=', type) : issued;
}

/** The credit notes issued against these invoices. */
export function listCreditNotesOf(db: Db, invoiceIds: readonly string[]): Promise<FactureRow[]> {
  return issuedDocuments(db, 'avoir').where('factureOrigineId', 'in', invoiceIds).orderBy('numero').execute();
}

export function findDocuments(db: Db, ids: readonly string[]): Promise<FactureRow[]> {
  return db.selectFrom('factures').selectAll().where('id', 'in', ids).execute();
}

/** Of these documents (invoices and credit notes), the issued ones, the newest first. */
export function listIssuedAmong(db: Db, ids: readonly string[]): Promise<FactureRow[]> {
  return issuedDocuments(db).where('id', 'in', ids).orderBy('emiseLe', 'desc').execute();
}

/** The issued invoices of some quotes (a mission's revenue, for its margin). */
export function listIssuedInvoicesOfQuotes(db: Db, devisIds: readonly string[]): Promise<FactureRow[]> {
  return issuedDocuments(db, 'facture').where('devisId', 'in', devisIds).execute();
}

/** A quote's invoices (not its credit notes, nor its deposit invoices: the final invoice deducts them), newest first. */
export function listInvoicesOfQuote(db: Db, devisId: string): Promise<FactureRow[]> {
  return db
    .selectFrom('factures')
    .selectAll()
    .where('devisId', '=', devisId)
    .where('type', '=', 'facture')
    .where((eb) => eb.or([eb('nature', 'is', null), eb('nature', '!=', 'acompte')]))
    .orderBy('createdAt', 'desc')
    .execute();
}

export type DocumentFilter = {
  type?: FactureType;
  uid?: string;
  devisId?: string;
  issuedOnly?: boolean;
  /** The period (YYYY-MM-DD, both ends included) of the issue day, or of a draft's creation day. */
  from?: string;
  to?: string;
  /** Only these documents (none when empty). */
  ids?: readonly string[];
  /** The back office's order: the drafts first, then by issue day and number, newest first (else by creation, newest first). */
  byIssue?: boolean;
};

/** Invoices and credit notes, filtered in SQL. */
export function listDocuments(db: Db, filter: DocumentFilter = {}) {
  let query = db.selectFrom('factures').selectAll();
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.uid) query = query.where('uid', '=', filter.uid);
  if (filter.devisId) query = query.where('devisId', '=', filter.devisId);
  if (filter.issuedOnly) query = query.where('statut', '=', 'émise');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  const day = sql<string>`coalesce(${sql.ref('dateEmission')}, substr(${sql.ref('createdAt')}, 1, 10))`;
  if (filter.from) query = query.where(day, '>=', filter.from);
  if (filter.to) query = query.where(day, '<=', filter.to);
  if (filter.byIssue) {
    query = query
      .orderBy(sql`coalesce(${sql.ref('dateEmission')}, '9999')`, 'desc')
      .orderBy(sql`coalesce(${sql.ref('numero')}, '')`, 'desc');
  }
  return query.orderBy('createdAt', 'desc').execute();
}

/** Issued documents left without their PDF (a crash or a store failure after issuing). */
export function listIssuedWithoutPdf(db: Db): Promise<FactureRow[]> {
  return issuedDocuments(db).where('pdfKey', 'is', null).execute();
}

/** On PostgreSQL, locks the document for the rest of the write transaction (SQLite's BEGIN IMMEDIATE already serialises writers). */
export async function lockDocument(trx: Db, engine: DatabaseHandle['engine'], id: string): Promise<void> {
  if (engine === 'postgres') await trx.selectFrom('factures').select('id').where('id', '=', id).forUpdate().execute();
}

/** A draft's service date and customer; undefined when it is not a draft (or not there). */
export function updateDraftRow(
  trx: Db,
  id: string,
  changes: Pick<FacturesTable, 'datePrestation' | 'clientNom' | 'clientAdresse' | 'clientSiret'>,
) {
  return trx
    .updateTable('factures')
    .set({ ...changes, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('statut', '=', 'brouillon')
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a draft; false when it is not a draft (or not there). */
export async function deleteDraftRow(trx: Db, id: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('factures')
    .where('id', '=', id)
    .where('statut', '=', 'brouillon')
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Issues a draft (compare-and-set on `brouillon`): its number, dates and seller; undefined when it was no longer a draft. */
export function markIssued(trx: Db, id: string, changes: Partial<Omit<FacturesTable, 'id' | 'statut'>>) {
  return trx
    .updateTable('factures')
    .set({ ...changes, statut: 'émise', updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('statut', '=', 'brouillon')
    .returningAll()
    .executeTakeFirst();
}

/** Records an issued document's PDF, unless another attempt recorded one first (then undefined). */
export function recordPdf(trx: Db, id: string, pdf: { key: string; sha256: string }) {
  return trx
    .updateTable('factures')
    .set({ pdfKey: pdf.key, pdfSha256: pdf.sha256, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .where('pdfKey', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function recordReminder(trx: Db, id: string) {
  const now = new Date().toISOString();
  return trx
    .updateTable('factures')
    .set({ derniereRelance: now, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertPayment(
  trx: Db,
  payment: Omit<FacturePaiementRow, 'id' | 'createdAt' | 'reference' | 'cle'> & Partial<Pick<FacturePaiementRow, 'reference' | 'cle'>>,
): Promise<FacturePaiementRow> {
  return trx
    .insertInto('facture_paiements')
    .values({ reference: null, cle: null, ...payment, id: randomUUID(), createdAt: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The payments received in a period (YYYY-MM-DD, both ends included), with their invoice. */
export function listPaymentsBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom('facture_paiements')
    .innerJoin('factures', 'factures.id', 'facture_paiements.factureId')
    .select([
      'facture_paiements.id',
      'facture_paiements.date',
      'facture_paiements.montantCentimes',
      'facture_paiements.moyen',
      'facture_paiements.createdAt',
      'factures.id as factureId',
      'factures.numero',
      'factures.clientNom',
      'factures.clientType',
      'factures.clientSiret',
    ])
    .where('facture_paiements.date', '>=', from)
    .where('facture_paiements.date', '<=', to)
    .orderBy('facture_paiements.date')
    .orderBy('facture_paiements.createdAt')
    .execute();
}

/** Issued invoices and credit notes of a period (issue date, both ends included). */
export function listIssuedBetween(db: Db, from: string, to: string) {
  return issuedDocuments(db)
    .where('dateEmission', '>=', from)
    .where('dateEmission', '<=', to)
    .orderBy('dateEmission')
    .orderBy('numero')
    .execute();
}

export const findIssuedByNumber = (db: Db, numero: string) => issuedDocuments(db).where('numero', '=', numero).executeTakeFirst();
/**
 * Issued invoices with what is left to pay on them, computed in SQL: the total less the
 * deposits it deducts, its issued credit notes and its payments. `ids` narrows to those.
 */
export function listRemainingAmounts(db: Db, { ids, openOnly }: { ids?: readonly string[]; openOnly: boolean }) {
  let query = db
    .selectFrom('factures as f')
    .select((eb) => [
      'f.id',
      'f.numero',
      'f.clientNom',
      'f.clientType',
      'f.dateEmission',
      'f.dateEcheance',
      // A sum is a bigint on PostgreSQL, which the driver gives as text: cast back to an integer.
      eb
        .cast<number>(
          eb(
            eb(
              eb('f.totalCentimes', '-', eb.ref('f.acomptesCentimes')),
              '-',
              eb.fn.coalesce(
                eb
                  .selectFrom('factures as c')
                  .select((sub) => sub.fn.sum<number>('c.totalCentimes').as('s'))
                  .whereRef('c.factureOrigineId', '=', 'f.id')
                  .where('c.type', '=', 'avoir')
                  .where('c.statut', '=', 'émise'),
                eb.lit(0),
              ),
            ),
            '-',
            eb.fn.coalesce(
              eb
                .selectFrom('facture_paiements as p')
                .select((sub) => sub.fn.sum<number>('p.montantCentimes').as('s'))
                .whereRef('p.factureId', '=', 'f.id'),
              eb.lit(0),
            ),
          ),
          'integer',
        )
        .as('resteCentimes'),
    ])
    .where('f.type', '=', 'facture')
    .where('f.statut', '=', 'émise');
  if (ids) query = query.where('f.id', 'in', ids);
  const all = db.selectFrom(query.as('r')).selectAll();
  return (openOnly ? all.where('r.resteCentimes', '>', 0) : all).orderBy('r.dateEmission').orderBy('r.numero').execute();
}

/** The payments of these keys with their invoice's number (the bank page names what a transfer paid). */
export function listPaymentInvoicesByKey(db: Db, keys: readonly string[]) {
  return db
    .selectFrom('facture_paiements as p')
    .innerJoin('factures as f', 'f.id', 'p.factureId')
    .select(['p.cle', 'f.id', 'f.numero'])
    .where('p.cle', 'in', keys)
    .execute();
}

/**
 * The refunds by one means (negative payments), newest first, each with its key and its invoice's
 * number and customer; of one invoice when `factureId` is given; when `keyPrefix` is, only those
 * whose key is that prefix followed by their invoice's id (a withdrawal's: `retractation:<id>`).
 */
export function listRefunds(
  db: Db,
  { moyen, factureId, keyPrefix, limit }: { moyen: FacturePaiementRow['moyen']; factureId?: string; keyPrefix?: string; limit: number },
) {
  let query = db
    .selectFrom('facture_paiements as p')
    .innerJoin('factures as f', 'f.id', 'p.factureId')
    .select(['p.id', 'p.factureId', 'p.date', 'p.montantCentimes', 'p.cle', 'f.numero', 'f.clientNom'])
    .where('p.montantCentimes', '<', 0)
    .where('p.moyen', '=', moyen);
  if (factureId) query = query.where('p.factureId', '=', factureId);
  if (keyPrefix !== undefined) query = query.where('p.cle', '=', sql<string>`${keyPrefix} || ${sql.ref('p.factureId')}`);
  return query.orderBy('p.date', 'desc').orderBy('p.id').limit(limit).execute();
}

/** The positive payment recorded with this provider's or bank's reference (the oldest, should two share it). */
export function findPaymentWithReference(db: Db, reference: string) {
  return db
    .selectFrom('facture_paiements')
    .selectAll()
    .where('reference', '=', reference)
    .where('montantCentimes', '>', 0)
    .orderBy('createdAt')
    .executeTakeFirst();
}

export function findPayment(db: Db, id: string) {
  return db.selectFrom('facture_paiements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPaymentByKey(db: Db, cle: string) {
  return db.selectFrom('facture_paiements').selectAll().where('cle', '=', cle).executeTakeFirst();
}

/** The issued deposit invoices of a quote, oldest first. */
export function listDepositInvoicesOfQuote(db: Db, devisId: string): Promise<FactureRow[]> {
  return issuedDocuments(db, 'facture').where('devisId', '=', devisId).where('nature', '=', 'acompte').orderBy('numero').execute();
}
