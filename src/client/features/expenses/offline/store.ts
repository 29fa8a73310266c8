import type { DepenseCreate } from '#domain/schemas/expenses.ts';
import { recordStore } from '#client/lib/offline-db.ts';

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

const expenses = recordStore<WaitingExpense>('expenses');

export const saveWaitingExpense = expenses.save;

/** In the order they were recorded. */
export const listWaitingExpenses = () => expenses.list('savedAt');

export const updateWaitingExpense = (id: string, changes: Partial<Pick<WaitingExpense, 'created' | 'error'>>) =>
  expenses.update(id, changes);

export const forgetWaitingExpense = (id: string) => expenses.forget(id);
