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
  /** The server refused it, in French: it is not sent again until the operator corrects or removes it. */
  error: string | null;
  savedAt: string;
  /** How many times the operator changed it on the phone (absent: never). */
  revision?: number;
  /** The revision the server has, once it has it: another one means a change to send. */
  sentRevision?: number;
  /** The operator removed it: the sender deletes the server's copy if it has one, then forgets it. */
  removed?: boolean;
};

const expenses = recordStore<WaitingExpense>('expenses');

export const saveWaitingExpense = expenses.save;

/** In the order they were recorded (those removed included, until the sender is done with them). */
export const listWaitingExpenses = () => expenses.list('savedAt');

export const findWaitingExpense = expenses.find;

export const updateWaitingExpense = (
  id: string,
  changes: Partial<Pick<WaitingExpense, 'created' | 'error' | 'sentRevision' | 'removed'>>,
) => expenses.update(id, changes);

/** The operator's change on the phone: a new revision (a new receipt if one is given), to be sent again. */
export const reviseWaitingExpense = (id: string, body: WaitingExpense['body'], receipt: Blob | null) =>
  expenses.update(id, (record) => ({
    body,
    receipt: receipt ?? record.receipt,
    revision: (record.revision ?? 0) + 1,
    error: null,
  }));

/**
 * A change (or, `removed`, the removal) of an expense the server already has, made without the
 * network: kept here as a waiting expense the server has (`created`), one revision ahead of what
 * it has, so that the sender sends the change (or the deletion) and then forgets it.
 */
export const keepStoredExpenseChange = (body: WaitingExpense['body'], receipt: Blob | null, removed = false) =>
  saveWaitingExpense({
    id: body.id,
    body,
    receipt,
    created: true,
    error: null,
    savedAt: new Date().toISOString(),
    revision: 1,
    sentRevision: 0,
    removed,
  });

export const markWaitingExpenseRemoved = (id: string) => expenses.update(id, { removed: true, error: null });

export const forgetWaitingExpense = (id: string) => expenses.forget(id);
