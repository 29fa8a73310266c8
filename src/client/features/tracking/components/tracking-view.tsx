import { formatDistance, formatParisDateTime, formatParisTime } from '#domain/format.ts';
import type { TrackingView } from '#domain/schemas/tracking.ts';
import { trackingTexts as k } from '#domain/texts/tracking.ts';

/** What the customer and the receiver read of a mission in progress: status, town, km, arrival. */
export function TrackingSummary({ view }: { view: TrackingView }) {
  if (view.statut === 'livré') {
    return (
      <section aria-live="polite">
        <h2>{k.ended}</h2>
        <p>{view.livreLe ? k.deliveredAt(formatParisDateTime(view.livreLe)) : k.endedDetail}</p>
      </section>
    );
  }
  return (
    <section aria-live="polite">
      <p>
        <strong>{k.status[view.statut]}</strong>
        {view.villeDepart && view.villeArrivee ? ` – ${k.route(view.villeDepart, view.villeArrivee)}` : null}
      </p>
      {view.statut === 'en attente' ? <p>{k.waitingFirstPosition}</p> : null}
      {view.ville ? <p>{k.nearTown(view.ville)}</p> : null}
      {view.positionLe ? <p>{k.positionAt(formatParisDateTime(view.positionLe))}</p> : null}
      <dl>
        {view.kmParcourus !== null ? (
          <>
            <dt>{k.kmDone}</dt>
            <dd>{formatDistance(view.kmParcourus)}</dd>
          </>
        ) : null}
        {view.kmRestants !== null ? (
          <>
            <dt>{k.kmLeft}</dt>
            <dd>{formatDistance(view.kmRestants)}</dd>
          </>
        ) : null}
        {view.arriveeEstimee ? (
          <>
            <dt>{k.eta}</dt>
            <dd data-testid="arrivee-estimee">{formatParisTime(view.arriveeEstimee)}</dd>
          </>
        ) : null}
      </dl>
      {view.arriveeEstimee ? <p>{k.etaNote}</p> : null}
    </section>
  );
}
