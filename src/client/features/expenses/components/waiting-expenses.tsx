import { formatCentimes, formatDay } from '#domain/format.ts';
import { CATEGORIE_LABELS, expenseTexts as t } from '#domain/texts/expenses.ts';
import { useOnline, type OfflineReadiness } from '#client/lib/use-offline-ready.ts';
import { Button } from '#client/ui/button.tsx';
import { SyncBar } from '#client/ui/sync-bar.tsx';
import { discardExpense } from '../offline/sync.ts';
import { useWaitingExpenses } from '../offline/use-waiting-expenses.ts';
import styles from './expenses.module.css';

/**
 * The bar that says what waits (shared with the inspections), and the expenses recorded on this
 * phone that the server does not have yet — of one mission, or all — each with the server's
 * refusal if it gave one.
 */
export function WaitingExpenses({ devisId, readiness }: { devisId?: string; readiness?: OfflineReadiness }) {
  const online = useOnline();
  const { waiting, isSending, sessionExpired } = useWaitingExpenses();
  const shown = devisId === undefined ? waiting : waiting.filter((expense) => expense.body.devisId === devisId);
  return (
    <>
      <SyncBar
        online={online}
        readiness={readiness}
        waiting={waiting.length > 0 ? [t.waiting(waiting.length)] : []}
        isSending={isSending}
        sessionExpired={sessionExpired}
      />
      {shown.length > 0 ? (
        <section aria-labelledby="en-attente">
          <h3 id="en-attente">{t.waitingTitle}</h3>
          <ul className={styles.expenses}>
            {shown.map(({ id, body, receipt, error }) => (
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
      ) : null}
    </>
  );
}
