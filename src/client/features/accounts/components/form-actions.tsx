import type { ReactNode } from 'react';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import styles from './accounts.module.css';

export type Feedback = { kind: 'success' | 'error'; text: string } | null;

type FormActionsProps = {
  submitLabel: string;
  isSubmitting: boolean;
  /** What the last submission gave: a success or an error, said under the button. */
  feedback: Feedback;
  /** Beside the button (a link). */
  extra?: ReactNode;
  /** Under the message (a follow-up action). */
  followUp?: ReactNode;
};

/** The end of every account form: its submit button, then what the last try gave. */
export function FormActions({ submitLabel, isSubmitting, feedback, extra, followUp }: FormActionsProps) {
  return (
    <>
      <div className={styles.actions}>
        <Button type="submit" isBusy={isSubmitting}>
          {submitLabel}
        </Button>
        {extra}
      </div>
      {feedback ? (
        <div className={styles.feedback}>
          <Message kind={feedback.kind}>{feedback.text}</Message>
          {followUp}
        </div>
      ) : null}
    </>
  );
}
