import { debitMatchWindow, expensesMatchingDebits, paymentMeansOfDebit } from '#domain/expenses.ts';
import type { DebitExpense, DebitLink, DebitProposals, Depense } from '#domain/schemas/expenses.ts';
import { expenseApiMessages as msg } from '#domain/texts/expenses.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { conflict, notFound } from '#server/errors.ts';
import { expensesWithDebit, findDebit, listDebitsForExpenses, markDebitAsExpense } from '#server/payments/bank-debits.ts';
import { findExpense, findExpenseByOrigin, listExpensesOfAmounts } from './repository.ts';
import { createExpenseFrom, toDepense, toDepenses, type ExpenseDeps } from './service.ts';

/**
 * The bank statements' debits on the expenses' side (decisions 0073 and 0075): a debit becomes a
 * new expense in one tap, or is linked to the expense already recorded that it pays (on the phone
 * at the toll, from a supplier invoice), so that one cost is never counted twice. The debits are
 * read and marked through the payments' service, never their repository.
 */

/**
 * « Enregistrer en dépense » on /admin/banque: a statement's debit becomes an expense (its day,
 * its amount, its label as the note) and the debit records which, in one transaction. Tapped
 * twice, or from two tabs at once: the same expense (`created: false`); a line that is not a debit: 404.
 */
export async function createExpenseFromDebit(
  deps: ExpenseDeps,
  operationId: string,
  body: DebitExpense,
): Promise<{ depense: Depense; created: boolean }> {
  const { row, created } = await withWriteTransaction(deps.database, async (trx) => {
    const debit = await findDebit(trx, operationId);
    if (!debit) throw notFound(msg.debitNotFound);
    const origine = `releve:${debit.id}`;
    const known = await findExpenseByOrigin(trx, origine);
    const expense = await createExpenseFrom(trx, {
      origine,
      devisId: body.devisId,
      categorie: body.categorie,
      montantCentimes: -debit.montantCentimes,
      tvaCentimes: 0,
      date: debit.date,
      moyenPaiement: paymentMeansOfDebit(debit.libelle),
      note: [debit.contrepartie, debit.libelle].filter(Boolean).join(' – ').slice(0, 500),
    });
    // Two tabs at once: the second finds the first's expense (same origin) and the debit naming it: the same answer, not created.
    const marked = debit.depenseId === expense.id ? 'already' : await markDebitAsExpense(trx, debit.id, expense.id);
    if (marked === 'taken') throw conflict(msg.debitTaken);
    return { row: expense, created: !known && marked === 'linked' };
  });
  return { depense: await toDepense(deps.database.db, row), created };
}

/**
 * For the bank page's debits not yet an expense, the expense already recorded that each likely
 * pays (`expensesMatchingDebits`: same amount, from 60 days before the debit to 3 days after it),
 * among the expenses no debit names yet. Three queries whatever the number of debits.
 */
export async function proposeExpensesForDebits(deps: ExpenseDeps): Promise<DebitProposals> {
  const db = deps.database.db;
  const debits = (await listDebitsForExpenses(db)).filter((debit) => debit.montantCentimes < 0);
  if (debits.length === 0) return { propositions: [] };
  const days = debits.map((debit) => debit.date).sort();
  const candidates = await listExpensesOfAmounts(db, [...new Set(debits.map((debit) => -debit.montantCentimes))], {
    du: debitMatchWindow(days[0]!).du,
    au: debitMatchWindow(days.at(-1)!).au,
  });
  const linked = await expensesWithDebit(
    db,
    candidates.map((expense) => expense.id),
  );
  const proposed = [
    ...expensesMatchingDebits(
      debits,
      candidates.filter((expense) => !linked.has(expense.id)),
    ),
  ];
  const depenses = await toDepenses(
    db,
    proposed.map(([, expense]) => expense),
  );
  return { propositions: proposed.map(([operationId], index) => ({ operationId, depense: depenses[index]! })) };
}

/**
 * « Rattacher à cette dépense »: the debit names the expense it pays, in one transaction; the
 * expense is unchanged. Tapped twice: the same answer. A debit that names another expense, an
 * expense another debit names, or amounts that differ: 409, nothing written; two debits linked to
 * one expense at the same instant: one wins, the other gets that 409 (the unique index's backstop).
 */
export async function linkDebitToExpense(deps: ExpenseDeps, operationId: string, body: DebitLink): Promise<Depense> {
  const link = withWriteTransaction(deps.database, async (trx) => {
    const debit = await findDebit(trx, operationId);
    if (!debit) throw notFound(msg.debitNotFound);
    const expense = await findExpense(trx, body.depenseId);
    if (!expense) throw notFound(msg.notFound);
    if (debit.depenseId === expense.id) return expense;
    if (debit.depenseId) throw conflict(msg.debitTaken);
    if (expense.montantCentimes !== -debit.montantCentimes) throw conflict(msg.debitAmountDiffers);
    if ((await expensesWithDebit(trx, [expense.id])).size > 0) throw conflict(msg.expenseHasDebit);
    if ((await markDebitAsExpense(trx, debit.id, expense.id)) === 'taken') throw conflict(msg.debitTaken);
    return expense;
  });
  // Another debit linked to this expense at the same instant: the unique index refused the second.
  const row = await link.catch((error: unknown) => {
    throw isUniqueViolation(error) ? conflict(msg.expenseHasDebit) : error;
  });
  return toDepense(deps.database.db, row);
}
