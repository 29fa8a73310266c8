import type { Db } from '#server/db/index.ts';
import type { DepensesTable } from '#server/db/schema.ts';

/** All the SQL of the expenses: their rows only; quotes and invoices come through their services. */

export type DepenseRow = DepensesTable;

export function findExpense(db: Db, id: string): Promise<DepenseRow | undefined> {
  return db.selectFrom('depenses').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findExpenseByOrigin(db: Db, origine: string): Promise<DepenseRow | undefined> {
  return db.selectFrom('depenses').selectAll().where('origine', '=', origine).executeTakeFirst();
}

/** Inserts an expense; false when its id (or its origin) is taken already: the same one sent again, or a race. */
export async function insertExpense(db: Db, row: DepenseRow): Promise<boolean> {
  const inserted = await db
    .insertInto('depenses')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export type ExpenseFilter = { devisId?: string; categorie?: string; du?: string; au?: string };

/** The expenses of a mission, a category and/or a period (days `AAAA-MM-JJ`, inclusive), in date order. */
export function listExpenses(db: Db, filter: ExpenseFilter): Promise<DepenseRow[]> {
  let query = db.selectFrom('depenses').selectAll();
  if (filter.devisId) query = query.where('devisId', '=', filter.devisId);
  if (filter.categorie) query = query.where('categorie', '=', filter.categorie);
  if (filter.du) query = query.where('date', '>=', filter.du);
  if (filter.au) query = query.where('date', '<=', filter.au);
  return query.orderBy('date').orderBy('createdAt').orderBy('id').execute();
}

/** The expenses of these amounts within some days (`AAAA-MM-JJ`, inclusive): what bank debits may pay. */
export function listExpensesOfAmounts(db: Db, amounts: readonly number[], days: { du: string; au: string }): Promise<DepenseRow[]> {
  return db
    .selectFrom('depenses')
    .selectAll()
    .where('montantCentimes', 'in', amounts)
    .where('date', '>=', days.du)
    .where('date', '<=', days.au)
    .orderBy('date')
    .orderBy('createdAt')
    .execute();
}

/** The expenses of some missions (the margin of several at once). */
export function listExpensesOf(db: Db, devisIds: readonly string[]): Promise<DepenseRow[]> {
  return db.selectFrom('depenses').selectAll().where('devisId', 'in', devisIds).orderBy('date').orderBy('id').execute();
}

/** The return expenses of every mission but one, per mission: what the return-trip estimate learns from. */
export function sumExpensesPerMission(db: Db, categories: readonly string[], exceptDevisId?: string) {
  let query = db
    .selectFrom('depenses')
    .select((eb) => ['devisId', eb.fn.sum<number>('montantCentimes').as('centimes')])
    .where('devisId', 'is not', null)
    .where('categorie', 'in', categories);
  if (exceptDevisId) query = query.where('devisId', '!=', exceptDevisId);
  return query.groupBy('devisId').execute();
}

export function updateExpenseRow(db: Db, id: string, changes: Partial<DepenseRow>): Promise<DepenseRow | undefined> {
  return db.updateTable('depenses').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export function deleteExpenseRow(db: Db, id: string): Promise<DepenseRow | undefined> {
  return db.deleteFrom('depenses').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Marks expenses as re-billed on an invoice (its draft took them as lines), and frees those it no longer carries. */
export async function setInvoiceOf(trx: Db, factureId: string, expenseIds: readonly string[]): Promise<void> {
  await trx.updateTable('depenses').set({ factureId: null }).where('factureId', '=', factureId).where('id', 'not in', expenseIds).execute();
  await trx.updateTable('depenses').set({ factureId }).where('id', 'in', expenseIds).execute();
}
