import { isExpiredOffer } from '#domain/legal.ts';
import { normalizeStatut, statutLabel } from '#domain/statuses.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import styles from './quotes.module.css';

const tone: Record<string, string> = {
  'en attente': 'badge-pending',
  'en attente de confirmation': 'badge-pending',
  confirmé: 'badge-progress',
  envoyé: 'badge-progress',
  'en cours': 'badge-progress',
  terminé: 'badge-done',
};

/**
 * The status label of the spec ("En attente" for an empty status); with the quote's validity
 * date, « Expiré » beside it once an offer waiting for its signature has passed it.
 */
export function StatusBadge({ statut, valableJusquAu }: { statut: string | null | undefined; valableJusquAu?: string | null }) {
  const className = tone[normalizeStatut(statut)];
  return (
    <>
      <span className={[styles.badge, className ? styles[className] : ''].join(' ')}>{statutLabel(statut)}</span>
      {isExpiredOffer({ statut, valableJusquAu }) ? (
        <span className={`${styles.badge} ${styles['badge-expired']}`}>{legalTexts.expiredBadge}</span>
      ) : null}
    </>
  );
}
