import { useState, type ReactNode } from 'react';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import styles from './legal.module.css';

type TwoStepPanelProps = {
  id: string;
  title: string;
  /** What the confirmation step says before the customer commits. */
  intro: ReactNode;
  start: string;
  confirm: string;
  back: string;
  isPending: boolean;
  /** The request; a refusal's French message is shown above the buttons. */
  onConfirm: () => Promise<unknown>;
};

/**
 * A step a customer cannot take back (« Me rétracter », « Demander l’annulation »): a first
 * button, then what it means and a separate confirmation, as L221-21 wants for the withdrawal.
 */
export function TwoStepPanel({ id, title, intro, start, confirm, back, isPending, onConfirm }: TwoStepPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run() {
    setError(null);
    try {
      await onConfirm();
    } catch (problem) {
      setError(messageOf(problem));
    }
  }

  return (
    <section className={styles.withdraw} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {confirming ? (
        <>
          <p>{intro}</p>
          {error ? <Message kind="error">{error}</Message> : null}
          <div className={styles.actions}>
            <Button variant="danger" isBusy={isPending} onClick={() => void run()}>
              {confirm}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {back}
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {start}
          </Button>
        </div>
      )}
    </section>
  );
}
