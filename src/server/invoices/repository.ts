import { randomUUID } from 'node:crypto';
import { lineAmountCents, type FactureType } from '#domain/invoices.ts';
import type { Db } from '#server/db/index.ts';
import type { FactureLigneRow, FacturePaiementRow, FactureRow, FacturesTable } from '#server/db/schema.ts';

export type NewLine = { description: string; quantiteCentiemes: number; prixUnitaireCentimes: number };

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

export async function insertDocument(
  trx: Db,
  document: Omit<FacturesTable, 'id' | 'createdAt' | 'updatedAt' | 'totalCentimes'>,
  lines: readonly NewLine[],
): Promise<FactureRow> {
  const now = new Date().toISOString();
  const row = await trx
    .insertInto('factures')
    .values({ ...document, id: randomUUID(), totalCentimes: 0, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return replaceLines(trx, row, lines);
}

/** Writes a draft's lines anew and its total with them (the triggers refuse it on an issued document). */
export async function replaceLines(trx: Db, row: FactureRow, lines: readonly NewLine[]): Promise<FactureRow> {
  await trx.deleteFrom('facture_lignes').where('factureId', '=', row.id).execute();
  if (lines.length > 0) {
    await trx
      .insertInto('facture_lignes')
      .values(
        lines.map((line, index) => ({
          id: randomUUID(),
          factureId: row.id,
          position: index + 1,
          description: line.description,
          quantiteCentiemes: line.quantiteCentiemes,
          prixUnitaireCentimes: line.prixUnitaireCentimes,
          montantCentimes: lineAmountCents(line.quantiteCentiemes, line.prixUnitaireCentimes),
        })),
      )
      .execute();
  }
  const total = lines.reduce((sum, line) => sum + lineAmountCents(line.quantiteCentiemes, line.prixUnitaireCentimes), 0);
  return trx
    .updateTable('factures')
    .set({ totalCentimes: total, updatedAt: new Date().toISOString() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findDocument(db: Db, id: string): Promise<FactureRow | undefined> {
  return db.selectFrom('factures').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listLines(db: Db, factureIds: readonly string[]): Promise<FactureLigneRow[]> {
  if (factureIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('facture_lignes')
    .selectAll()
    .where('factureId', 'in', factureIds)
    .orderBy('factureId')
    .orderBy('position')
    .execute();
}

export function listPayments(db: Db, factureIds: readonly string[]): Promise<FacturePaiementRow[]> {
  if (factureIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('facture_paiements').selectAll().where('factureId', 'in', factureIds).orderBy('date').orderBy('createdAt').execute();
}

/** The credit notes issued against these invoices. */
export function listCreditNotesOf(db: Db, invoiceIds: readonly string[]): Promise<FactureRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('factures')
    .selectAll()
    .where('type', '=', 'avoir')
    .where('statut', '=', 'émise')
    .where('factureOrigineId', 'in', invoiceIds)
    .orderBy('numero')
    .execute();
}

/** The invoice of a quote that still stands: a draft, or an issued one not cancelled whole by credit notes. */
export async function findStandingInvoiceOfQuote(db: Db, devisId: string): Promise<FactureRow | undefined> {
  const invoices = await db
    .selectFrom('factures')
    .selectAll()
    .where('devisId', '=', devisId)
    .where('type', '=', 'facture')
    .orderBy('createdAt', 'desc')
    .execute();
  if (invoices.length === 0) return undefined;
  const credits = await listCreditNotesOf(
    db,
    invoices.map((invoice) => invoice.id),
  );
  return invoices.find(
    (invoice) =>
      invoice.statut === 'brouillon' ||
      invoice.totalCentimes -
        credits.filter((credit) => credit.factureOrigineId === invoice.id).reduce((sum, c) => sum + c.totalCentimes, 0) >
        0,
  );
}

export function listDocuments(db: Db, filter: { type?: FactureType; uid?: string; issuedOnly?: boolean; devisId?: string } = {}) {
  let query = db.selectFrom('factures').selectAll();
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.uid) query = query.where('uid', '=', filter.uid);
  if (filter.devisId) query = query.where('devisId', '=', filter.devisId);
  if (filter.issuedOnly) query = query.where('statut', '=', 'émise');
  return query.orderBy('createdAt', 'desc').execute();
}

export async function insertPayment(trx: Db, payment: Omit<FacturePaiementRow, 'id' | 'createdAt'>): Promise<FacturePaiementRow> {
  return trx
    .insertInto('facture_paiements')
    .values({ ...payment, id: randomUUID(), createdAt: new Date().toISOString() })
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
  return db
    .selectFrom('factures')
    .selectAll()
    .where('statut', '=', 'émise')
    .where('dateEmission', '>=', from)
    .where('dateEmission', '<=', to)
    .orderBy('dateEmission')
    .orderBy('numero')
    .execute();
}

export const findIssuedByNumber = (db: Db, numero: string) =>
  db.selectFrom('factures').selectAll().where('numero', '=', numero).where('statut', '=', 'émise').executeTakeFirst();
