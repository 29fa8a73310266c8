import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { canApply } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { useDevis } from '#client/features/quotes/api/get-devis.ts';
import { DevisDetail } from '#client/features/quotes/components/devis-detail.tsx';
import { DevisUnavailable } from '#client/features/quotes/components/devis-unavailable.tsx';
import { MyInvoices } from '#client/features/invoices/components/my-invoices.tsx';
import styles from '#client/features/quotes/components/quotes.module.css';
import { QuoteValidity } from '#client/features/legal/components/quote-validity.tsx';
import { CancelPanel } from '#client/features/legal/components/cancel-panel.tsx';
import { WithdrawPanel } from '#client/features/legal/components/withdraw-panel.tsx';
import { Page } from '#client/ui/page.tsx';

// The inspections (PV and photos) load after the quote: the home page's first bundle lists
// this page's chunks, and has no room for the missions' (BENCHMARKS.md).
const CustomerInspections = lazy(() =>
  import('#client/features/missions/components/customer-inspections.tsx').then((module) => ({ default: module.CustomerInspections })),
);
// The tracking's panel and its map, likewise: only a mission in progress loads them.
const CustomerTracking = lazy(() =>
  import('#client/features/tracking/components/customer-tracking.tsx').then((module) => ({ default: module.CustomerTracking })),
);

export function DevisPage() {
  const { id = '' } = useParams();
  const query = useDevis(id);
  const devis = query.data;
  const backLinks = (
    <p className={styles.links}>
      <Link to={paths.espaceClient}>{t.backToArea}</Link>
      {devis && canApply('customer', 'complete', devis.statut) ? <Link to={paths.completerDevis(devis.id)}>{t.complete}</Link> : null}
      {devis && canApply('customer', 'sign', devis.statut) ? <Link to={paths.signerDevis(devis.id)}>{t.sign}</Link> : null}
      {devis?.devisSigneURL ? (
        <a href={devis.devisSigneURL} download>
          {t.downloadSigned}
        </a>
      ) : null}
    </p>
  );
  if (!devis) {
    return (
      <DevisUnavailable title={query.isPending ? t.detailTitle : texts.quoteNotFound} isLoading={query.isPending}>
        {backLinks}
      </DevisUnavailable>
    );
  }
  return (
    <Page title={t.detailTitle} heading={t.quoteNumber(devis.numeroDevis)}>
      {backLinks}
      <QuoteValidity devis={devis} />
      <DevisDetail devis={devis} />
      <WithdrawPanel devis={devis} />
      <CancelPanel devis={devis} />
      <Suspense fallback={null}>
        {devis.statut === 'en cours' ? <CustomerTracking devisId={devis.id} /> : null}
        <CustomerInspections devisId={devis.id} enabled={devis.statut === 'en cours' || devis.statut === 'terminé'} />
      </Suspense>
      <MyInvoices devisId={devis.id} />
    </Page>
  );
}
