import type { DBSchema } from 'idb';
import type { DepenseCreate } from '#domain/schemas/expenses.ts';
import { offlineDatabase } from '#client/lib/offline-db.ts';

/**
 * The expenses recorded on the phone that the server does not have yet, in the back office's
 * IndexedDB database (lib/offline-db.ts, beside the inspections): the body as POST takes it
 * under the id the page made, and the receipt (the page's JPEG, or the PDF) as a Blob. A
 * reload, a closed tab or a train without signal loses nothing; once the server has the
 * expense and its receipt, it goes.
 */
export type WaitingExpense = {
  id: string;
  body: DepenseCreate;
  receipt: Blob | null;
  /** The server has the expense (its receipt may still be to send). */
  created: boolean;
  /** The server refused it, in French: it is not sent again until the operator removes it. */
  error: string | null;
  savedAt: string;
};

interface ExpensesDb extends DBSchema {
  expenses: { key: string; value: WaitingExpense };
}

const database = () => offlineDatabase<ExpensesDb>();

export async function saveWaitingExpense(expense: WaitingExpense): Promise<void> {
  await (await database()).put('expenses', expense);
}

/** In the order they were recorded. */
export async function listWaitingExpenses(): Promise<WaitingExpense[]> {
  const expenses = await (await database()).getAll('expenses');
  return expenses.sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

export async function updateWaitingExpense(id: string, changes: Partial<Pick<WaitingExpense, 'created' | 'error'>>): Promise<void> {
  const db = await database();
  const transaction = db.transaction('expenses', 'readwrite');
  const expense = await transaction.store.get(id);
  if (expense) await transaction.store.put({ ...expense, ...changes });
  await transaction.done;
}

export async function forgetWaitingExpense(id: string): Promise<void> {
  await (await database()).delete('expenses', id);
}
