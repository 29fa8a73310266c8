import { useState } from 'react';
import { expensesByMonth } from '#domain/expenses.ts';
import { formatCentimes, formatDay, formatMonth } from '#domain/format.ts';
import type { Depense } from '#domain/schemas/expenses.ts';
import { CATEGORIE_LABELS, expenseTexts as t, MOYEN_DEPENSE_LABELS } from '#domain/texts/expenses.ts';
import { messageOf } from '#client/lib/api.ts';
import { isUnreachable } from '#client/lib/offline-sender.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useExpenseActions } from '../api/use-expenses.ts';
import { keepRemovalOnPhone } from '../offline/sync.ts';
import { withoutThoseOnPhone } from '../offline/use-waiting-expenses.ts';
import { ConfirmRemove } from './confirm-remove.tsx';
import { ExpenseForm, type MissionChoice } from './expense-form.tsx';
import styles from './expenses.module.css';

type ExpenseListProps = {
  depenses: readonly Depense[];
  /** The expenses this phone holds a newer state of (a change or a removal not sent yet): listed with those waiting instead. */
  onPhone?: ReadonlySet<string>;
  /** Each expense names its mission (the expenses page); not on a mission's own page. */
  showMission?: boolean;
  missions?: readonly MissionChoice[];
};

/** The expenses the server has, by month (the latest first) with each month's total. */
const NOTHING_ON_PHONE: ReadonlySet<string> = new Set();

export function ExpenseList({ depenses, onPhone = NOTHING_ON_PHONE, showMission = false, missions }: ExpenseListProps) {
  if (depenses.length === 0) return <p>{t.empty}</p>;
  return (
    <>
      {expensesByMonth(withoutThoseOnPhone(depenses, onPhone)).map((month) => (
        <section key={month.mois} className={styles.month} aria-labelledby={`mois-${month.mois}`}>
          <h3 id={`mois-${month.mois}`}>{t.monthTotal(formatMonth(month.mois), formatCentimes(month.totalCentimes))}</h3>
          <ul className={styles.expenses}>
            {month.depenses.map((depense) => (
              <ExpenseItem key={depense.id} depense={depense} showMission={showMission} missions={missions} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** An expense's first line, wherever it is listed (on the server, or waiting on the phone): category, date, amount. */
export function ExpenseHeadline({ expense }: { expense: Pick<Depense, 'categorie' | 'date' | 'montantCentimes'> }) {
  return (
    <p className={styles.expenseLine}>
      <strong>{CATEGORIE_LABELS[expense.categorie]}</strong>
      <span>{formatDay(expense.date)}</span>
      <strong>{formatCentimes(expense.montantCentimes)}</strong>
    </p>
  );
}

function ExpenseItem({ depense, showMission, missions }: { depense: Depense; showMission: boolean; missions?: readonly MissionChoice[] }) {
  const [isEditing, setIsEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const actions = useExpenseActions();
  const toast = useToast();

  const remove = async () => {
    setFailure(null);
    try {
      await actions.remove.mutateAsync(depense.id);
    } catch (error) {
      if (!isUnreachable(error)) {
        setFailure(messageOf(error));
        return;
      }
      // No network: the removal waits on the phone (the expense leaves the list now) and goes with the next send.
      await keepRemovalOnPhone(depense);
      toast.show(t.removedOnPhone, 'success');
      return;
    }
    toast.show(t.removed, 'success');
  };

  if (isEditing) {
    return (
      <li className={styles.expense}>
        <ExpenseForm expense={depense} missions={missions} onDone={() => setIsEditing(false)} />
      </li>
    );
  }
  return (
    <li className={styles.expense}>
      <ExpenseHeadline expense={depense} />
      <p className={styles.details}>
        {[
          depense.tvaCentimes ? t.vatOf(formatCentimes(depense.tvaCentimes)) : null,
          MOYEN_DEPENSE_LABELS[depense.moyenPaiement],
          showMission && depense.devisId ? (depense.numeroDevis === null ? t.missionDeleted : t.missionNumber(depense.numeroDevis)) : null,
          depense.note || null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className={styles.details}>
        {depense.justificatif ? (
          <a href={depense.justificatif.url} target="_blank" rel="noreferrer">
            {t.withReceipt}
          </a>
        ) : (
          t.noReceipt
        )}
      </p>
      {depense.factureId && !depense.verrouillee ? <p className={styles.details}>{t.rebilledOnDraft}</p> : null}
      {depense.verrouillee ? (
        <p className={styles.details}>{t.locked}</p>
      ) : (
        <p className={styles.actions}>
          <Button variant="secondary" onClick={() => setIsEditing(true)}>
            {t.edit}
          </Button>
          <ConfirmRemove isBusy={actions.remove.isPending} onRemove={() => void remove()} />
        </p>
      )}
      {failure ? <Message kind="error">{failure}</Message> : null}
    </li>
  );
}
