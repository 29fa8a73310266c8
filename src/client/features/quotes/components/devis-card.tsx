import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply } from '#domain/statuses.ts';
import { quoteTexts as t } from '#domain/texts-quotes.ts';
import { Button } from '#client/ui/button.tsx';
import { formatPrix, formatSimulationDate } from './format.ts';
import { StatusBadge } from './status-badge.tsx';
import styles from './quotes.module.css';

type DevisCardProps = {
  devis: Devis;
  isBusy?: boolean;
  onArchive: (devis: Devis) => void;
  onDelete: (devis: Devis) => void;
};

/** One active quote: its facts, and only the actions the server would accept now. */
export function DevisCard({ devis, isBusy = false, onArchive, onDelete }: DevisCardProps) {
  const title = t.quoteNumber(devis.numeroDevis);
  const hidden = <span className="visually-hidden"> – {title}</span>;
  const canComplete = canApply('customer', 'complete', devis.statut);
  return (
    <article className={styles.card} aria-label={title}>
      <div className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>{title}</h3>
        <StatusBadge statut={devis.statut} />
      </div>
      <dl className={styles.facts}>
        <dt>{t.route}</dt>
        <dd>
          {devis.adresseDepart} → {devis.adresseArrivee}
        </dd>
        <dt>{t.vehicle}</dt>
        <dd>{devis.typeVehicule}</dd>
        <dt>{t.price}</dt>
        <dd>{formatPrix(devis.prix)}</dd>
        <dt>{t.date}</dt>
        <dd>{formatSimulationDate(devis.dateSimulation)}</dd>
      </dl>
      <div className={styles.actions}>
        <Link className={styles.actionLink} to={paths.devis(devis.id)}>
          {t.view}
          {hidden}
        </Link>
        {canComplete ? (
          <Link className={`${styles.actionLink} ${styles.actionLinkPrimary}`} to={paths.completerDevis(devis.id)}>
            {t.complete}
            {hidden}
          </Link>
        ) : null}
        {canApply('customer', 'sign', devis.statut) ? (
          <Link className={`${styles.actionLink} ${styles.actionLinkPrimary}`} to={paths.signerDevis(devis.id)}>
            {t.sign}
            {hidden}
          </Link>
        ) : null}
        {devis.devisSigneURL ? (
          <a className={styles.actionLink} href={devis.devisSigneURL} download>
            {t.downloadSigned}
            {hidden}
          </a>
        ) : null}
        {canApply('customer', 'archive', devis.statut) ? (
          <Button variant="secondary" onClick={() => onArchive(devis)} disabled={isBusy}>
            {t.archive}
            {hidden}
          </Button>
        ) : null}
        {/* Compléter, Archiver and Supprimer are offered only when en attente (spec section 4). */}
        {canComplete && canApply('customer', 'delete', devis.statut) ? (
          <Button variant="danger" onClick={() => onDelete(devis)} disabled={isBusy}>
            {t.delete}
            {hidden}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
