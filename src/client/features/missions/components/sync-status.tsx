import { missionTexts as m } from '#domain/texts/missions.ts';
import type { OfflineReadiness } from '#client/lib/use-offline-ready.ts';
import { SyncBar } from '#client/ui/sync-bar.tsx';
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
  const waiting = [pendingPhotos > 0 ? m.photosPending(pendingPhotos) : null, reportPending ? m.reportPending : null].filter(
    (line): line is string => line !== null,
  );
  return (
    <SyncBar online={online} readiness={readiness} waiting={waiting} isSending={isSending} sessionExpired={sessionExpired}>
      <p className={styles.photoState} data-testid="saved-state">
        {isSaving ? m.saving : m.savedLocally}
      </p>
    </SyncBar>
  );
}
