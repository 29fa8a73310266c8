import { missionTexts as m } from '#domain/texts/missions.ts';
import type { OfflineReadiness } from '../offline/use-offline-ready.ts';
import styles from './missions.module.css';

type SyncStatusProps = {
  online: boolean;
  readiness: OfflineReadiness;
  pendingPhotos: number;
  reportPending: boolean;
  isSending: boolean;
  isSaving: boolean;
  sessionExpired: boolean;
};

/** Stays at the top of the inspection: whether the page works offline, what waits to be sent. */
export function SyncStatus({ online, readiness, pendingPhotos, reportPending, isSending, isSaving, sessionExpired }: SyncStatusProps) {
  const readinessText = {
    preparing: m.offlinePreparing,
    ready: m.offlineReady,
    retry: m.offlineRetry,
    unavailable: m.offlineUnavailable,
  }[readiness];
  const nothingLeft = pendingPhotos === 0 && !reportPending;
  return (
    <div className={styles.statusBar}>
      {online ? <p data-testid="offline-readiness">{readinessText}</p> : <p className={styles.offline}>{m.offlineNow}</p>}
      <p role="status" data-testid="pending">
        {[pendingPhotos > 0 ? m.photosPending(pendingPhotos) : null, reportPending ? m.reportPending : null, nothingLeft ? m.allSent : null]
          .filter(Boolean)
          .join(' · ')}
        {isSending && !nothingLeft && online ? ` · ${m.sending}` : ''}
      </p>
      <p className={styles.photoState} data-testid="saved-state">
        {isSaving ? m.saving : m.savedLocally}
      </p>
      {sessionExpired ? <p className={styles.offline}>{m.sessionExpired}</p> : null}
    </div>
  );
}
