import type { ReactNode } from 'react';
import styles from './ui.module.css';

/** An in-page message: errors are alerts, everything else a polite status. */
export function Message({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <p role={kind === 'error' ? 'alert' : 'status'} className={`${styles.message} ${styles[`message-${kind}`]}`}>
      {children}
    </p>
  );
}
