import { formatDistance, formatParisDateTime, formatParisTime } from '#domain/format.ts';
import type { TrackingView } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { TrackingMap } from './tracking-map.tsx';
import styles from './tracking.module.css';

function Fact({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  if (value === null) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

const km = (value: number | null) => (value === null ? null : formatDistance(value));

/**
 * What the customer and the receiver read of a mission: « En route », the town near the last
 * position and its time, the km done and left, the estimated arrival, and the map; once
 * delivered, that the tracking has ended.
 */
export function TrackingSummary({ view }: { view: TrackingView }) {
  if (view.statut === 'livré') {
    return (
      <div aria-live="polite">
        <p>
          <strong>{k.ended}</strong>
        </p>
        <p>{view.livreLe ? k.deliveredAt(formatParisDateTime(view.livreLe)) : k.endedDetail}</p>
      </div>
    );
  }
  return (
    <div>
      <div aria-live="polite">
        <p>
          <strong data-testid="statut-suivi">{k.status[view.statut]}</strong>
          {view.villeDepart && view.villeArrivee ? ` – ${k.route(view.villeDepart, view.villeArrivee)}` : null}
        </p>
        {view.statut === 'en attente' ? <p>{k.waitingFirstPosition}</p> : null}
        {view.ville ? <p data-testid="ville-suivi">{k.nearTown(view.ville)}</p> : null}
        {view.positionLe ? <p>{k.positionAt(formatParisDateTime(view.positionLe))}</p> : null}
        <dl className={styles.facts}>
          <Fact label={k.kmDone} value={km(view.kmParcourus)} testId="km-parcourus" />
          <Fact label={k.kmLeft} value={km(view.kmRestants)} testId="km-restants" />
          <Fact label={k.eta} value={view.arriveeEstimee ? formatParisTime(view.arriveeEstimee) : null} testId="arrivee-estimee" />
        </dl>
        {view.arriveeEstimee ? <p className={styles.note}>{k.etaNote}</p> : null}
      </div>
      <TrackingMap view={view} />
    </div>
  );
}
