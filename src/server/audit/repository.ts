import { sql } from 'kysely';
import { auditDetailsSchema, type AuditDetails, type AuditEntry, type JournalQuery } from '#domain/audit.ts';
import type { Db } from '#server/db/index.ts';
import { countRows } from '#server/db/count.ts';
import type { AuditLogTable } from '#server/db/schema.ts';

type AuditRow = Omit<AuditLogTable, 'id'> & { id: number };

/** Appends one row; the triggers of the migration refuse any later change to it. */
export async function insertAuditRow(db: Db, row: Omit<AuditRow, 'id'>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

function toEntry(row: AuditRow): AuditEntry {
  let details: AuditDetails = {};
  try {
    const parsed = auditDetailsSchema.safeParse(JSON.parse(row.details));
    if (parsed.success) details = parsed.data;
  } catch {
    // Written by recordAudit only; a row that does not parse shows without details.
  }
  return { ...row, id: Number(row.id), numeroDevis: row.numeroDevis === null ? null : Number(row.numeroDevis), details };
}

/** The journal's page, newest first, with its filters (a quote's id or number; an account's id or e-mail; a kind). */
export async function listAuditRows(db: Db, query: JournalQuery, pageSize: number): Promise<{ rows: AuditEntry[]; total: number }> {
  let base = db.selectFrom('audit_log');
  if (query.devis) {
    const numero = /^\d{1,9}$/.test(query.devis) ? Number(query.devis) : null;
    base = base.where((eb) =>
      numero === null ? eb('devisId', '=', query.devis) : eb.or([eb('devisId', '=', query.devis), eb('numeroDevis', '=', numero)]),
    );
  }
  if (query.compte) {
    const compte = query.compte.toLowerCase();
    base = base.where((eb) =>
      eb.or([
        eb('compteId', '=', query.compte),
        eb('actorId', '=', query.compte),
        eb(eb.fn('lower', ['actorEmail']), '=', compte),
        eb(
          'compteId',
          'in',
          eb
            .selectFrom('user as u')
            .select('u.id')
            .where(sql<string>`lower(${sql.ref('u.email')})`, '=', compte),
        ),
      ]),
    );
  }
  if (query.type) base = base.where('kind', '=', query.type);
  const total = await countRows(base);
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .execute();
  return { rows: rows.map((row) => toEntry(row as AuditRow)), total };
}

/**
 * Deletes the rows older than `cutoff`, the only DELETE the triggers accept: the permission
 * row names the cutoff and lives only inside the caller's transaction.
 */
export async function deleteAuditRowsBefore(trx: Db, cutoff: string, permissionId: string): Promise<number> {
  await trx.insertInto('audit_log_purge').values({ id: permissionId, cutoff }).execute();
  const result = await trx.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  await trx.deleteFrom('audit_log_purge').where('id', '=', permissionId).execute();
  return Number(result.numDeletedRows);
}

/** The owner and number of a quote, for an entry about it (the quote may be deleted by the change). */
export async function findQuoteRef(db: Db, devisId: string) {
  return db.selectFrom('devis').select(['id', 'uid', 'numeroDevis']).where('id', '=', devisId).executeTakeFirst();
}

/** The quote of an invoice, for an entry about it. */
export async function findInvoiceRef(db: Db, factureId: string) {
  return db.selectFrom('factures').select(['id', 'devisId', 'numeroDevis', 'uid', 'numero']).where('id', '=', factureId).executeTakeFirst();
}

/** An expense, for an entry about it (the change may delete it). */
export async function findExpenseRef(db: Db, depenseId: string) {
  return db.selectFrom('depenses').select(['id', 'categorie', 'montantCentimes', 'date']).where('id', '=', depenseId).executeTakeFirst();
}

const operationRefs = (db: Db) => db.selectFrom('releve_operations').select(['id', 'date', 'montantCentimes', 'contrepartie', 'libelle']);

/** A line of a bank statement, for an entry about it. */
export async function findOperationRef(db: Db, operationId: string) {
  return operationRefs(db).where('id', '=', operationId).executeTakeFirst();
}

/** The bank debits recorded as this expense (its deletion frees them). */
export async function listOperationRefsOfExpense(db: Db, depenseId: string) {
  return operationRefs(db).where('depenseId', '=', depenseId).orderBy('date').orderBy('id').execute();
}

/** A bank statement as it was imported, for the entry of its import. */
export async function findStatementRef(db: Db, releveId: string) {
  return db.selectFrom('releves').select(['nomFichier', 'nbOperations', 'nbNouvelles']).where('id', '=', releveId).executeTakeFirst();
}

/** Whether the account has signed in before (the journal keeps that for the retention period). */
export async function hasSignedInBefore(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('compteId', '=', userId)
    .where('kind', '=', 'auth.sign_in')
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
