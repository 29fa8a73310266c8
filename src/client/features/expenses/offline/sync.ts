import { expensesRoutes } from '#domain/api-paths.ts';
import type { Depense, DepenseCreate } from '#domain/schemas/expenses.ts';
import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { api, trusted } from '#client/lib/api.ts';
import { emitSync, isRefusal, registerSender, send, syncNow } from '#client/lib/offline-sender.ts';
import {
  findWaitingExpense,
  forgetWaitingExpense,
  keepStoredExpenseChange,
  listWaitingExpenses,
  markWaitingExpenseRemoved,
  reviseWaitingExpense,
  saveWaitingExpense,
  updateWaitingExpense,
  type WaitingExpense,
} from './store.ts';

/**
 * The expenses' step of the shared sender (lib/offline-sender.ts): each expense recorded on
 * the phone, in order, is created under the id the page made (sent again after a lost answer,
 * the server keeps it once); then what the operator did on the phone meanwhile — a change is
 * sent (PUT, idempotent), a removal deletes the server's copy —; then its receipt (PUT under
 * the same id: idempotent too); then the phone forgets it. A refusal is kept with its French
 * message and not sent again until the operator corrects or removes the expense.
 */
async function sendExpense(expense: WaitingExpense) {
  const refused = async (message: string) => {
    const now = await findWaitingExpense(expense.id);
    // Removed meanwhile and never stored: nothing is left to say. Otherwise the refusal shows, the expense with it.
    if (now?.removed && !now.created) await forgetWaitingExpense(expense.id);
    else await updateWaitingExpense(expense.id, { error: message, removed: false });
    emitSync({ key: expense.id });
  };
  if (!expense.created && !expense.removed) {
    const answer = await send(api(expensesRoutes.create, { body: expense.body, answer: trusted<Depense>() }));
    if (isRefusal(answer)) return refused(t.refused(answer.message));
    await updateWaitingExpense(expense.id, { created: true, sentRevision: expense.revision ?? 0 });
    emitSync({ key: expense.id, answer });
  }
  // Read again: the operator may have changed or removed it while it was on its way.
  const current = await findWaitingExpense(expense.id);
  if (!current) return;
  if (current.removed) {
    if (current.created) {
      const answer = await send(api(expensesRoutes.delete, { params: { id: current.id } }));
      // Gone already (an answer lost on the way back): the same.
      if (isRefusal(answer) && answer.status !== 404) return refused(t.refused(answer.message));
    }
    await forgetWaitingExpense(current.id);
    emitSync({ key: current.id, answer: true });
    return;
  }
  if ((current.revision ?? 0) !== (current.sentRevision ?? 0)) {
    const { id, ...fields } = current.body;
    const answer = await send(api(expensesRoutes.update, { params: { id }, body: fields, answer: trusted<Depense>() }));
    if (isRefusal(answer)) return refused(t.refused(answer.message));
    await updateWaitingExpense(id, { sentRevision: current.revision ?? 0 });
    emitSync({ key: id, answer });
  }
  if (current.receipt) {
    const answer = await send(
      api(expensesRoutes.putReceipt, { params: { id: current.id }, body: current.receipt, answer: trusted<Depense>() }),
    );
    if (isRefusal(answer)) return refused(t.receiptRefused(answer.message));
  }
  // Changed again while its receipt went: the next round sends that change before forgetting it.
  const last = await findWaitingExpense(current.id);
  if (last && !last.removed && (last.revision ?? 0) === (current.revision ?? 0)) {
    await forgetWaitingExpense(current.id);
    emitSync({ key: current.id, answer: true });
  }
}

registerSender('expenses', async () => {
  for (const expense of await listWaitingExpenses()) if (!expense.error) await sendExpense(expense);
});

/** « Enregistrer la dépense »: kept on the phone first, then sent when the network allows. */
export async function recordExpense(body: DepenseCreate, receipt: Blob | null): Promise<void> {
  await saveWaitingExpense({ id: body.id, body, receipt, created: false, error: null, savedAt: new Date().toISOString() });
  emitSync({ key: body.id });
  void syncNow();
}

/** A refused expense the operator gives up (he can record it again, corrected). */
export async function discardExpense(id: string): Promise<void> {
  await forgetWaitingExpense(id);
  emitSync({ key: id });
}

/**
 * « Modifier » on an expense still on the phone: kept as changed, then sent (created with these
 * fields, or changed on the server if it had it already). A refused one, corrected, is sent again.
 */
export async function reviseExpense(body: DepenseCreate, receipt: Blob | null): Promise<void> {
  await reviseWaitingExpense(body.id, body, receipt);
  emitSync({ key: body.id });
  void syncNow();
}

/** « Supprimer » on an expense still on the phone: gone from the page now, from the server at the next send. */
export async function removeWaitingExpense(id: string): Promise<void> {
  await markWaitingExpenseRemoved(id);
  emitSync({ key: id });
  void syncNow();
}

/**
 * « Enregistrer les modifications » or « Supprimer » on an expense the server has, without the
 * network: kept on the phone as a change to send (shown with those waiting, in place of the
 * server's copy), sent when the network returns like one recorded there.
 */
export async function keepChangeOnPhone(body: DepenseCreate, receipt: Blob | null, { removed = false } = {}): Promise<void> {
  await keepStoredExpenseChange(body, receipt, removed);
  emitSync({ key: body.id });
  void syncNow();
}

/** « Supprimer » on an expense the server has, without the network: its removal kept on the phone, from the expense as listed. */
export function keepRemovalOnPhone(expense: Pick<Depense, keyof DepenseCreate>): Promise<void> {
  const { id, devisId, categorie, montantCentimes, tvaCentimes, date, moyenPaiement, note } = expense;
  return keepChangeOnPhone({ id, devisId, categorie, montantCentimes, tvaCentimes, date, moyenPaiement, note }, null, { removed: true });
}
