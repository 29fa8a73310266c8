import type { EtatFacture } from '#domain/invoices.ts';
import { ETAT_LABELS } from '#domain/texts/invoices.ts';
import styles from './invoices.module.css';

export function EtatBadge({ etat }: { etat: EtatFacture }) {
  return <span className={`${styles.badge} ${etat === 'en retard' ? styles.late : ''}`}>{ETAT_LABELS[etat]}</span>;
}
