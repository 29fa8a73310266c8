import type { ReactNode } from 'react';
import { offlineTexts as t } from '#domain/texts/offline.ts';
import type { OfflineReadiness } from '#client/lib/use-offline-ready.ts';
import styles from './sync-bar.module.css';

type SyncBarProps = {
  online: boolean;
  /** Whether the page is kept for use offline; none on a page that only records (its list needs the network). */
  readiness?: OfflineReadiness;
  /** What waits to be sent, one phrase each (« 2 photos en attente d’envoi »); empty when all is sent. */
  waiting: string[];
  isSending: boolean;
  sessionExpired: boolean;
  /** A line of the page's own (the inspection's « Enregistré sur ce téléphone »). */
  children?: ReactNode;
};

/**
 * Stays at the top of a page that records offline (the inspections, the expenses): whether
 * the page works without network, what waits to be sent by the shared sender
 * (lib/offline-sender.ts), and a lost session.
 */
export function SyncBar({ online, readiness, waiting, isSending, sessionExpired, children }: SyncBarProps) {
  const nothingLeft = waiting.length === 0;
  return (
    <div className={styles.statusBar}>
      {online ? readiness ? <p data-testid="offline-readiness">{t[readiness]}</p> : null : <p className={styles.offline}>{t.offlineNow}</p>}
      <p role="status" data-testid="pending">
        {nothingLeft ? t.allSent : waiting.join(' · ')}
        {isSending && !nothingLeft && online ? ` · ${t.sending}` : ''}
      </p>
      {children}
      {sessionExpired ? <p className={styles.offline}>{t.sessionExpired}</p> : null}
    </div>
  );
}
