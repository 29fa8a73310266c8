import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { apiPath, expensesRoutes } from '#domain/api-paths.ts';
import type { CategorieDepense, MoyenPaiementDepense } from '#domain/expenses.ts';
import { formatCentimesDecimal, formatDay } from '#domain/format.ts';
import type { Depense, DepenseCreate, DepenseFields, DepenseListQuery } from '#domain/schemas/expenses.ts';
import { CATEGORIE_LABELS, expenseApiMessages as msg, expenseCsvTexts as c, MOYEN_DEPENSE_LABELS } from '#domain/texts/expenses.ts';
import type { Config } from '#server/config.ts';
import { withWriteTransaction, type DatabaseHandle, type Db } from '#server/db/index.ts';
import { semicolonCsv } from '#server/documents/csv.ts';
import { sha256Hex } from '#server/documents/documents.ts';
import { cleanPdf, MAX_UPLOAD_BYTES } from '#server/documents/pdf-check.ts';
import { AppError, conflict, notFound } from '#server/errors.ts';
import { isIssuedInvoice, issuedAmong } from '#server/invoices/service.ts';
import { processPhoto } from '#server/missions/photos.ts';
import { forgetExpenseOfPurchases } from '#server/einvoicing/purchases.ts';
import { forgetExpenseOfDebits } from '#server/payments/bank-debits.ts';
import { findQuoteById, findQuoteNumbers } from '#server/quotes/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import {
  deleteExpenseRow,
  findExpense,
  findExpenseByOrigin,
  insertExpense,
  listExpenses as listExpenseRows,
  updateExpenseRow,
  type DepenseRow,
} from './repository.ts';

/**
 * The expenses (issue 30): recorded under the id the page made (offline, sent again after a lost
 * answer: stored once), changed, deleted (never once re-billed on an issued invoice; the journal
 * keeps the deletion), their receipts checked like every upload, the year's CSV for the
 * accountant. What another capability makes an expense from goes through `createExpenseFrom`.
 */
export type ExpenseDeps = { database: DatabaseHandle; fileStore: FileStore; config: Config; log: FastifyBaseLogger };

const receiptUrl = (id: string) => apiPath(expensesRoutes.receipt, { id });

/** An expense re-billed on an issued invoice: its lines are final, so is it. */
async function isLocked(db: Db, row: Pick<DepenseRow, 'factureId'>): Promise<boolean> {
  return row.factureId !== null && (await isIssuedInvoice(db, row.factureId));
}

/** The expenses as the API answers them, with their quotes' numbers and locks read in two queries whatever their number. */
export async function toDepenses(db: Db, rows: readonly DepenseRow[]): Promise<Depense[]> {
  const [numbers, issued] = await Promise.all([
    findQuoteNumbers(db, [...new Set(rows.flatMap((row) => (row.devisId ? [row.devisId] : [])))]),
    issuedAmong(db, [...new Set(rows.flatMap((row) => (row.factureId ? [row.factureId] : [])))]),
  ]);
  return rows.map((row) => ({
    id: row.id,
    devisId: row.devisId,
    numeroDevis: row.devisId ? (numbers.get(row.devisId) ?? null) : null,
    categorie: row.categorie as CategorieDepense,
    montantCentimes: row.montantCentimes,
    tvaCentimes: row.tvaCentimes,
    date: row.date,
    moyenPaiement: row.moyenPaiement as MoyenPaiementDepense,
    note: row.note,
    justificatif: row.justificatifKey && row.justificatifType ? { type: row.justificatifType, url: receiptUrl(row.id) } : null,
    factureId: row.factureId,
    verrouillee: row.factureId !== null && issued.has(row.factureId),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

export const toDepense = async (db: Db, row: DepenseRow): Promise<Depense> => (await toDepenses(db, [row]))[0]!;

/** The mission an expense names must exist (404 in French); null is a general expense. */
async function assertMission(db: Db, devisId: string | null): Promise<void> {
  if (devisId && !(await findQuoteById(db, devisId))) throw notFound(msg.missionNotFound);
}

async function requireExpense(db: Db, id: string): Promise<DepenseRow> {
  const row = await findExpense(db, id);
  if (!row) throw notFound(msg.notFound);
  return row;
}

const sameFields = (row: DepenseRow, fields: DepenseFields) =>
  row.devisId === fields.devisId &&
  row.categorie === fields.categorie &&
  row.montantCentimes === fields.montantCentimes &&
  row.tvaCentimes === fields.tvaCentimes &&
  row.date === fields.date &&
  row.moyenPaiement === fields.moyenPaiement &&
  row.note === fields.note;

function newRow(id: string, fields: DepenseFields, origine: string | null): DepenseRow {
  const now = new Date().toISOString();
  return {
    id,
    ...fields,
    justificatifKey: null,
    justificatifType: null,
    justificatifSha256: null,
    justificatifSourceSha256: null,
    factureId: null,
    origine,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Records an expense under the id the page made. The same expense sent again (a retry after a
 * lost answer) is answered with what was stored (`created: false`); the id taken by another
 * expense is refused (409).
 */
export async function createExpense(deps: ExpenseDeps, body: DepenseCreate): Promise<{ depense: Depense; created: boolean }> {
  const { id, ...fields } = body;
  const db = deps.database.db;
  const again = async () => {
    const existing = await findExpense(db, id);
    if (!existing) return null;
    if (!sameFields(existing, fields)) throw conflict(msg.idTaken);
    return { depense: await toDepense(db, existing), created: false };
  };
  const known = await again();
  if (known) return known;
  await assertMission(db, fields.devisId);
  const row = newRow(id, fields, null);
  if (await insertExpense(db, row)) return { depense: await toDepense(db, row), created: true };
  const raced = await again();
  if (raced) return raced;
  throw conflict(msg.idTaken);
}

/**
 * For the other capabilities: an expense made from something of theirs (a bank statement's
 * debit, a supplier invoice received from the platform), in their transaction. `origine` names
 * the source (`releve:<id>`, `facture-fournisseur:<id>`): the same source makes one expense,
 * whatever the retries; the second call returns the first one's row.
 */
export async function createExpenseFrom(trx: Db, source: DepenseFields & { origine: string }): Promise<DepenseRow> {
  const { origine, ...fields } = source;
  const existing = await findExpenseByOrigin(trx, origine);
  if (existing) return existing;
  await assertMission(trx, fields.devisId);
  const row = newRow(randomUUID(), fields, origine);
  if (await insertExpense(trx, row)) return row;
  return (await findExpenseByOrigin(trx, origine))!;
}

export async function getExpense(deps: ExpenseDeps, id: string): Promise<Depense> {
  return toDepense(deps.database.db, await requireExpense(deps.database.db, id));
}

/** The days a list query covers: a month, a year, or everything. */
function periodOf(query: Pick<DepenseListQuery, 'annee' | 'mois'>): { du?: string; au?: string } {
  if (!query.annee) return {};
  if (!query.mois) return { du: `${query.annee}-01-01`, au: `${query.annee}-12-31` };
  const month = String(query.mois).padStart(2, '0');
  return { du: `${query.annee}-${month}-01`, au: `${query.annee}-${month}-31` };
}

export async function listExpenses(deps: ExpenseDeps, query: DepenseListQuery) {
  const rows = await listExpenseRows(deps.database.db, { devisId: query.devisId, categorie: query.categorie, ...periodOf(query) });
  const depenses = await toDepenses(deps.database.db, rows);
  return { depenses, totalCentimes: rows.reduce((total, row) => total + row.montantCentimes, 0) };
}

/**
 * Changes an expense; one re-billed on an issued invoice is refused (409). Only a mission it
 * did not have is checked: one whose quote was deleted since stays its mission (« Mission
 * supprimée »), so that correcting the amount does not make it a general expense.
 */
export async function updateExpense(deps: ExpenseDeps, id: string, fields: DepenseFields): Promise<Depense> {
  const updated = await withWriteTransaction(deps.database, async (trx) => {
    const row = await requireExpense(trx, id);
    if (await isLocked(trx, row)) throw conflict(msg.rebilledIsFinal);
    if (fields.devisId !== row.devisId) await assertMission(trx, fields.devisId);
    return updateExpenseRow(trx, id, { ...fields, updatedAt: new Date().toISOString() });
  });
  if (!updated) throw notFound(msg.notFound);
  return toDepense(deps.database.db, updated);
}

/** Deletes an expense and its receipt; one re-billed on an issued invoice is refused (409). The journal records it (audit/). */
export async function deleteExpense(deps: ExpenseDeps, id: string): Promise<void> {
  const removed = await withWriteTransaction(deps.database, async (trx) => {
    const row = await requireExpense(trx, id);
    if (await isLocked(trx, row)) throw conflict(msg.rebilledIsFinal);
    // A debit it was recorded from is to record again, not « Enregistré en dépense » for nothing;
    // a supplier invoice approved as this expense stays approved and no longer names it.
    await forgetExpenseOfDebits(trx, id);
    await forgetExpenseOfPurchases(trx, id);
    return deleteExpenseRow(trx, id);
  });
  if (removed?.justificatifKey) await removeFile(deps, removed.justificatifKey);
}

async function removeFile(deps: ExpenseDeps, key: string) {
  await deps.fileStore.delete(key).catch((error: unknown) => deps.log.warn({ err: error, key }, 'a replaced receipt could not be deleted'));
}

const PDF_HEADER = Buffer.from('%PDF-');

/**
 * The receipt of an expense, as the page sends it (a photo compressed on the phone, or a PDF):
 * recognised by its content, never by its declared type; a PDF is checked and rebuilt without
 * active content (documents/pdf-check.ts), a photo decoded and encoded anew without its
 * metadata (missions/photos.ts). 10 MiB at most. The same file sent again is stored once; a new
 * one replaces the old.
 */
export async function putReceipt(deps: ExpenseDeps, id: string, body: Buffer): Promise<{ depense: Depense; created: boolean }> {
  const db = deps.database.db;
  const row = await requireExpense(db, id);
  const sourceSha256 = sha256Hex(body);
  if (row.justificatifSourceSha256 === sourceSha256) return { depense: await toDepense(db, row), created: false };
  if (body.length > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', msg.receiptTooLarge);
  if (body.length === 0) throw new AppError('unsupported_media_type', msg.receiptUnsupported, { statusCode: 422 });
  const isPdf = body.subarray(0, PDF_HEADER.length).equals(PDF_HEADER);
  const file = isPdf
    ? { content: await cleanPdf(body), type: 'application/pdf', extension: 'pdf' }
    : {
        content: (
          await processPhoto(body, null, { maxInputBytes: MAX_UPLOAD_BYTES, tooLarge: msg.receiptTooLarge }).catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode === 422)
              throw new AppError('unsupported_media_type', msg.receiptUnsupported, { statusCode: 422 });
            throw error;
          })
        ).jpeg,
        type: 'image/jpeg',
        extension: 'jpg',
      };
  const key = `depenses/${id}/justificatif-${randomUUID()}.${file.extension}`;
  try {
    await deps.fileStore.put(key, file.content, file.type);
  } catch (error) {
    throw new AppError('unavailable', msg.receiptFailure, { cause: error });
  }
  const updated = await updateExpenseRow(db, id, {
    justificatifKey: key,
    justificatifType: file.type,
    justificatifSha256: sha256Hex(file.content),
    justificatifSourceSha256: sourceSha256,
    updatedAt: new Date().toISOString(),
  });
  if (!updated) {
    await removeFile(deps, key);
    throw notFound(msg.notFound);
  }
  if (row.justificatifKey) await removeFile(deps, row.justificatifKey);
  return { depense: await toDepense(db, updated), created: row.justificatifKey === null };
}

/** The receipt's bytes and type, for its download. */
export async function getReceipt(deps: ExpenseDeps, id: string): Promise<{ content: Buffer; type: string; filename: string }> {
  const row = await requireExpense(deps.database.db, id);
  const content = row.justificatifKey ? await deps.fileStore.get(row.justificatifKey) : null;
  if (!content || !row.justificatifType) throw notFound(msg.receiptMissing);
  const extension = row.justificatifType === 'application/pdf' ? 'pdf' : 'jpg';
  return { content, type: row.justificatifType, filename: `justificatif-${row.date}-${row.categorie}.${extension}` };
}

/** The expenses of a year for the accountant: one line per expense in date order (documents/csv.ts). */
export async function expensesCsv(deps: ExpenseDeps, year: number): Promise<string> {
  const { depenses } = await listExpenses(deps, { annee: year });
  return semicolonCsv([
    c.header,
    ...depenses.map((depense) => [
      formatDay(depense.date),
      CATEGORIE_LABELS[depense.categorie],
      depense.numeroDevis === null ? '' : String(depense.numeroDevis),
      MOYEN_DEPENSE_LABELS[depense.moyenPaiement],
      formatCentimesDecimal(depense.montantCentimes),
      formatCentimesDecimal(depense.tvaCentimes),
      depense.note,
      depense.justificatif ? c.hasReceipt : c.noReceipt,
    ]),
  ]);
}
