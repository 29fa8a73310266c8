import { formatCentimes, formatDay } from '#domain/format.ts';
import { CATEGORIE_LABELS, expenseTexts as t } from '#domain/texts/expenses.ts';
import { Button } from '#client/ui/button.tsx';
import { discardExpense } from '../offline/sync.ts';
import type { WaitingExpense } from '../offline/store.ts';
import styles from './expenses.module.css';

/**
 * The expenses recorded on this phone that the server does not have yet (`useWaitingExpenses`,
 * read by the page, whose sync bar says how many), each with the server's refusal if it gave one.
 */
export function WaitingExpenses({ waiting }: { waiting: readonly WaitingExpense[] }) {
  if (waiting.length === 0) return null;
  return (
    <section aria-labelledby="en-attente">
      <h3 id="en-attente">{t.waitingTitle}</h3>
      <ul className={styles.expenses}>
        {waiting.map(({ id, body, receipt, error }) => (
          <li key={id} className={styles.expense} data-testid="waiting-expense">
            <p className={styles.expenseLine}>
              <strong>{CATEGORIE_LABELS[body.categorie]}</strong>
              <span>{formatDay(body.date)}</span>
              <strong>{formatCentimes(body.montantCentimes)}</strong>
            </p>
            <p className={styles.details}>{[body.note || null, receipt ? null : t.noReceipt].filter(Boolean).join(' · ')}</p>
            {error ? (
              <p className={styles.actions}>
                <span className={styles.refused}>{error}</span>
                <Button variant="secondary" onClick={() => void discardExpense(id)}>
                  {t.discard}
                </Button>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
