import { useState } from 'react';
import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { Button } from '#client/ui/button.tsx';
import { discardExpense, removeWaitingExpense } from '../offline/sync.ts';
import type { WaitingExpense } from '../offline/store.ts';
import { ConfirmRemove } from './confirm-remove.tsx';
import { ExpenseForm, type MissionChoice } from './expense-form.tsx';
import { ExpenseHeadline } from './expense-list.tsx';
import styles from './expenses.module.css';

type Choice = { mission?: MissionChoice; missions?: readonly MissionChoice[] };

/**
 * The expenses recorded on this phone that the server does not have yet (`useWaitingExpenses`,
 * read by the page, whose sync bar says how many), each with the server's refusal if it gave one.
 * Each can be changed or removed here, without the network: the sender carries it over.
 */
export function WaitingExpenses({ waiting, ...choice }: { waiting: readonly WaitingExpense[] } & Choice) {
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="en-attente">
      <h3 id="en-attente">{t.waitingTitle}</h3>
      <ul className={styles.expenses}>
        {waiting.map((expense) => (
          <WaitingItem key={expense.id} expense={expense} {...choice} />
        ))}
      </ul>
    </section>
  );
}

function WaitingItem({ expense, ...choice }: { expense: WaitingExpense } & Choice) {
  const [isEditing, setIsEditing] = useState(false);
  const { id, body, receipt, error } = expense;
  if (isEditing) {
    return (
      <li className={styles.expense}>
        <ExpenseForm waiting={expense} {...choice} onDone={() => setIsEditing(false)} />
      </li>
    );
  }
  return (
    <li className={styles.expense} data-testid="waiting-expense">
      <ExpenseHeadline expense={body} />
      <p className={styles.details}>
        {
          // A change of an expense the server has keeps the receipt the server has, unless it brings a new one.
          [expense.created ? t.changeOfStored : null, body.note || null, receipt || expense.created ? null : t.noReceipt]
            .filter(Boolean)
            .join(' · ')
        }
      </p>
      {error ? <p className={styles.refused}>{error}</p> : null}
      <p className={styles.actions}>
        <Button variant="secondary" onClick={() => setIsEditing(true)}>
          {t.edit}
        </Button>
        {error ? (
          // Refused: the phone lets it go (the server keeps what it has of it, if anything).
          <Button variant="secondary" onClick={() => void discardExpense(id)}>
            {t.discard}
          </Button>
        ) : (
          <ConfirmRemove onRemove={() => void removeWaitingExpense(id)} />
        )}
      </p>
    </li>
  );
}
