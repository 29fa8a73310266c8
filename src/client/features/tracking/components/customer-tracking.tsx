import { useId } from 'react';
import { trackingTexts as k } from '#domain/texts/tracking.ts';
import { isNothingToFollow, useCustomerTracking } from '../api/use-tracking.ts';
import { TrackingSummary } from './tracking-view.tsx';
import styles from './tracking.module.css';

/**
 * On the customer's quote while the mission is in progress: where the vehicle is, read again
 * every minute. Before the pickup the server answers 404, and the panel says when it starts
 * (read again every 5 minutes until then).
 */
export function CustomerTracking({ devisId }: { devisId: string }) {
  const query = useCustomerTracking(devisId);
  const headingId = useId();
  const notStarted = isNothingToFollow(query.error);
  return (
    <section aria-labelledby={headingId} className={styles.panel} data-testid="suivi-client">
      <h2 id={headingId}>{k.title}</h2>
      {query.data ? (
        <TrackingSummary view={query.data} />
      ) : (
        <p aria-live="polite">{query.isPending ? k.loading : notStarted ? k.notStarted : k.loadFailed}</p>
      )}
    </section>
  );
}
