import { Link } from 'react-router';
import { formatParisDate } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply } from '#domain/statuses.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { Button } from '#client/ui/button.tsx';
import { priceFact } from './price-fact.ts';
import { ActionLabel, devisRoute, QuoteCard } from './quote-card.tsx';
import styles from './quotes.module.css';

type DevisCardProps = {
  devis: Devis;
  isBusy?: boolean;
  onArchive: (devis: Devis) => void;
  onDelete: (devis: Devis) => void;
};

/** One active quote: its facts, and only the actions the server would accept now. */
export function DevisCard({ devis, isBusy = false, onArchive, onDelete }: DevisCardProps) {
  const canComplete = canApply('customer', 'complete', devis.statut);
  return (
    <QuoteCard
      devis={devis}
      heading="h3"
      facts={[
        [t.route, devisRoute(devis)],
        [t.vehicle, devis.typeVehicule],
        priceFact(devis),
        [t.date, formatParisDate(devis.dateSimulation)],
      ]}
    >
      <Link className={styles.actionLink} to={paths.devis(devis.id)}>
        <ActionLabel label={t.view} devis={devis} />
      </Link>
      {canComplete ? (
        <Link className={styles.actionLinkPrimary} to={paths.completerDevis(devis.id)}>
          <ActionLabel label={t.complete} devis={devis} />
        </Link>
      ) : null}
      {canApply('customer', 'sign', devis.statut) ? (
        <Link className={styles.actionLinkPrimary} to={paths.signerDevis(devis.id)}>
          <ActionLabel label={t.sign} devis={devis} />
        </Link>
      ) : null}
      {devis.devisSigneURL ? (
        <a className={styles.actionLink} href={devis.devisSigneURL} download>
          <ActionLabel label={t.downloadSigned} devis={devis} />
        </a>
      ) : null}
      {canApply('customer', 'archive', devis.statut) ? (
        <Button variant="secondary" onClick={() => onArchive(devis)} disabled={isBusy}>
          <ActionLabel label={t.archive} devis={devis} />
        </Button>
      ) : null}
      {/* Compléter, Archiver and Supprimer are offered only when en attente (spec section 4). */}
      {canComplete && canApply('customer', 'delete', devis.statut) ? (
        <Button variant="danger" onClick={() => onDelete(devis)} disabled={isBusy}>
          <ActionLabel label={t.delete} devis={devis} />
        </Button>
      ) : null}
    </QuoteCard>
  );
}
