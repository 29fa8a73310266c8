import { expensesRoutes } from '#domain/api-paths.ts';
import type { Depense, DepenseCreate } from '#domain/schemas/expenses.ts';
import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { api, trusted } from '#client/lib/api.ts';
import { emitSync, isRefusal, registerSender, send, syncNow } from '#client/lib/offline-sender.ts';
import { forgetWaitingExpense, listWaitingExpenses, saveWaitingExpense, updateWaitingExpense, type WaitingExpense } from './store.ts';

/**
 * The expenses' step of the shared sender (lib/offline-sender.ts): each expense recorded on
 * the phone, in order, is created under the id the page made (sent again after a lost answer,
 * the server keeps it once), then its receipt (PUT under the same id: idempotent too); then the
 * phone forgets it. A refusal is kept with its French message and not sent again.
 */
async function sendExpense(expense: WaitingExpense) {
  if (!expense.created) {
    const answer = await send(api(expensesRoutes.create, { body: expense.body, answer: trusted<Depense>() }));
    if (isRefusal(answer)) {
      await updateWaitingExpense(expense.id, { error: t.refused(answer.message) });
      emitSync({ key: expense.id });
      return;
    }
    await updateWaitingExpense(expense.id, { created: true });
    emitSync({ key: expense.id, answer });
  }
  if (expense.receipt) {
    const answer = await send(
      api(expensesRoutes.putReceipt, { params: { id: expense.id }, body: expense.receipt, answer: trusted<Depense>() }),
    );
    if (isRefusal(answer)) {
      await updateWaitingExpense(expense.id, { error: t.receiptRefused(answer.message) });
      emitSync({ key: expense.id });
      return;
    }
  }
  await forgetWaitingExpense(expense.id);
  emitSync({ key: expense.id, answer: true });
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
