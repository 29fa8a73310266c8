import { useState } from 'react';
import { formatDay } from '#domain/format.ts';
import { isWithinWithdrawalPeriod, withdrawalDeadline } from '#domain/legal.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply } from '#domain/statuses.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useWithdraw } from '../api/withdraw.ts';
import styles from './legal.module.css';

/** When the contract was concluded: the first move to en cours in the quote's history. */
const concludedAtOf = (devis: Devis) =>
  devis.historique?.find((entry) => entry.toStatut === 'en cours' && entry.fromStatut !== 'en cours')?.at ?? null;

/**
 * « Me rétracter » on a consumer's signed quote, for the whole withdrawal period (L221-21 as
 * amended in 2026): the button, then a separate « Confirmer la rétractation » step; the server
 * decides and sends the receipt. Shown only when the server would accept it.
 */
export function WithdrawPanel({ devis }: { devis: Devis }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useWithdraw();
  const concludedAt = concludedAtOf(devis);

  if (mutation.isSuccess) {
    const at = mutation.data.historique?.at(-1)?.at ?? new Date().toISOString();
    return <Message kind="success">{l.withdrawn(formatDay(at.slice(0, 10)))}</Message>;
  }
  if (
    devis.clientType === 'entreprise' ||
    !concludedAt ||
    !canApply('customer', 'withdraw', devis.statut) ||
    !isWithinWithdrawalPeriod(concludedAt)
  ) {
    return null;
  }
  const deadline = formatDay(withdrawalDeadline(concludedAt));

  async function confirm() {
    setError(null);
    try {
      await mutation.mutateAsync(devis.id);
    } catch (problem) {
      setError(messageOf(problem));
    }
  }

  return (
    <section className={styles.withdraw} aria-labelledby="withdraw-title">
      <h2 id="withdraw-title">{l.withdrawTitle}</h2>
      {confirming ? (
        <>
          <p>{l.withdrawIntro(devis.numeroDevis, deadline)}</p>
          {error ? <Message kind="error">{error}</Message> : null}
          <div className={styles.actions}>
            <Button variant="danger" isBusy={mutation.isPending} onClick={() => void confirm()}>
              {l.withdrawConfirm}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {l.withdrawCancel}
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {l.withdrawButton}
          </Button>
        </div>
      )}
    </section>
  );
}
