import type { Db } from '#server/db/index.ts';
import { clearOperationsExpense, findOperation, listExpensesOfOperations, listOperations, updateOperation } from './repository.ts';

/**
 * The seam for the mission-costs capability (issue 30): the debits of the statements not yet
 * turned into an expense, and the call that records which expense a debit became.
 */
export function listDebitsForExpenses(db: Db, limit = 100) {
  return listOperations(db, ['débit'], { limit, withoutExpense: true });
}

/** One debit of a statement (undefined when the line is not a debit), for the expense it becomes. */
export async function findDebit(db: Db, operationId: string) {
  const line = await findOperation(db, operationId);
  return line && line.statut === 'débit' ? line : undefined;
}

/**
 * The debit names this expense: `linked` now; `already` when it named it before (a tap from a
 * second tab that raced the first); `taken` when the line is not a debit or names another expense.
 */
export async function markDebitAsExpense(trx: Db, operationId: string, depenseId: string): Promise<'linked' | 'already' | 'taken'> {
  const line = await findOperation(trx, operationId);
  if (!line || line.statut !== 'débit') return 'taken';
  if (line.depenseId === depenseId) return 'already';
  if (line.depenseId !== null) return 'taken';
  return (await updateOperation(trx, operationId, ['débit'], { depenseId })) ? 'linked' : 'taken';
}

/** The expenses among these that a statement's debit already names: none of them is proposed for another. */
export const expensesWithDebit = async (db: Db, depenseIds: readonly string[]) => new Set(await listExpensesOfOperations(db, depenseIds));

/** An expense deleted: the debit it was recorded from goes back to the debits to record. */
export const forgetExpenseOfDebits = (trx: Db, depenseId: string) => clearOperationsExpense(trx, depenseId);
