import type { ReactNode } from 'react';
import styles from './disclosure.module.css';

/**
 * A native disclosure (<details>/<summary>, keyboard and screen readers work as is) drawn as a
 * card with a 48 px summary: closed it shows `summary` and « + », open its content and « − ».
 * Uncontrolled unless `open` is given, then `onToggle` says the user's choice.
 */
export function Disclosure({
  summary,
  open,
  onToggle,
  children,
}: {
  summary: ReactNode;
  open?: boolean;
  onToggle?: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <details className={styles.disclosure} open={open} onToggle={onToggle && ((event) => onToggle(event.currentTarget.open))}>
      <summary>{summary}</summary>
      <div className={styles.body}>{children}</div>
    </details>
  );
}
