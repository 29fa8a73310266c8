import { normalizeStatut, statutLabel } from '#domain/statuses.ts';
import styles from './quotes.module.css';

const tone: Record<string, string> = {
  'en attente': 'badge-pending',
  'en attente de confirmation': 'badge-pending',
  confirmé: 'badge-progress',
  envoyé: 'badge-progress',
  'en cours': 'badge-progress',
  terminé: 'badge-done',
};

/** The status label of the spec ("En attente" for an empty status). */
export function StatusBadge({ statut }: { statut: string | null | undefined }) {
  const className = tone[normalizeStatut(statut)];
  return <span className={[styles.badge, className ? styles[className] : ''].join(' ')}>{statutLabel(statut)}</span>;
}
