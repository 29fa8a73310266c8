import { useState, type ChangeEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { ETATS_PLATEFORME } from '#domain/einvoicing.ts';
import { isStillToPay, ETATS_FACTURE, FACTURE_TYPES, type EtatFacture } from '#domain/invoices.ts';
import { paths } from '#domain/paths.ts';
import type { FactureListQuery } from '#domain/schemas/invoices.ts';
import { einvoicingTexts, platformStateLabel } from '#domain/texts/einvoicing.ts';
import { ETAT_LABELS, invoicePdfTexts, invoiceTexts as t, TYPE_LABELS } from '#domain/texts/invoices.ts';
import { Options, SelectField, TextField } from '#client/ui/field.tsx';
import ui from '#client/ui/ui.module.css';
import { useAdminInvoices } from '../api/use-invoices.ts';
import { EtatBadge } from './etat-badge.tsx';
import { RemindButton } from './remind-button.tsx';
import { remainingFact } from './remaining.ts';
import styles from './invoices.module.css';
import { KeepTogether } from '#client/ui/keep-together.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';

/** /admin/factures: invoices and credit notes by state, type and period, with their totals; a reminder from the list. */
export function InvoiceList() {
  // « À faire » links here with ?etat=en retard: the list opens filtered so.
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<FactureListQuery>(() => {
    const etat = params.get('etat');
    return etat && (ETATS_FACTURE as readonly string[]).includes(etat) ? { etat: etat as EtatFacture } : {};
  });
  const invoices = useAdminInvoices(filter);
  /** A filter's control: its value, and its change (the empty choice removes the filter; a select offers only the values it filters by). */
  const filterOf = (key: 'etat' | 'type' | 'plateforme' | 'du' | 'au') => ({
    value: filter[key] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setFilter((current) => ({ ...current, [key]: event.target.value || undefined }) as FactureListQuery),
  });
  const totals = invoices.data?.totaux;

  return (
    <>
      <form className={`${ui.filterBar} ${ui.spreadFilters}`} onSubmit={(event) => event.preventDefault()} aria-label={t.filterApply}>
        <SelectField label={t.filterEtat} {...filterOf('etat')}>
          <Options values={ETATS_FACTURE} empty={t.filterAll} label={(etat) => ETAT_LABELS[etat]} />
        </SelectField>
        <SelectField label={t.filterType} {...filterOf('type')}>
          <Options values={FACTURE_TYPES} empty={t.filterAll} label={(type) => TYPE_LABELS[type]} />
        </SelectField>
        <SelectField label={einvoicingTexts.platformStatus} {...filterOf('plateforme')}>
          <Options values={ETATS_PLATEFORME} empty={einvoicingTexts.allPlatformStatuses} label={platformStateLabel} />
        </SelectField>
        <TextField label={t.filterFrom} type="date" {...filterOf('du')} />
        <TextField label={t.filterTo} type="date" {...filterOf('au')} />
      </form>
      <QueryStatus query={invoices} loading={t.loading} />
      {totals ? (
        <dl className={styles.totals} aria-label={t.totals}>
          {(
            [
              [t.totalInvoiced, totals.factureCentimes],
              [t.totalCredited, totals.avoirsCentimes],
              [t.totalPaid, totals.payeCentimes],
              [t.totalRemaining, totals.resteCentimes],
            ] as const
          ).map(([label, cents]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{formatCentimes(cents)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {invoices.data && invoices.data.items.length === 0 ? <p>{t.empty}</p> : null}
      <ul className={styles.list}>
        {invoices.data?.items.map((item) => (
          <li key={item.id} className={styles.card}>
            <div className={styles.cardHeader}>
              <h2 className={styles.cardTitle}>
                <KeepTogether text={t.detailTitle(item.type, item.numero)} part={item.numero} />
              </h2>
              {item.etat ? <EtatBadge etat={item.etat} /> : null}
            </div>
            {item.plateforme ? (
              <p className={styles.meta}>
                {einvoicingTexts.platform}&nbsp;: {item.plateforme.libelle}
                {item.plateforme.motif ? ` – ${item.plateforme.motif}` : ''}
              </p>
            ) : null}
            <p className={styles.meta}>
              {[
                item.dateEmission ? formatDay(item.dateEmission) : t.draftNumber,
                item.client.nom,
                invoicePdfTexts.quoteRef(item.numeroDevis),
              ].join(' – ')}
            </p>
            <p className={styles.meta}>
              {t.colTotal}&nbsp;: {formatCentimes(item.totalCentimes)}
              {item.type === 'facture' && item.statut === 'émise'
                ? ` – ${remainingFact(item.resteCentimes, t.colRemaining).join(' : ')}`
                : ''}
            </p>
            <div className={styles.actions}>
              <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminFacture(item.id)}>
                {t.view}
                <span className="visually-hidden"> – {t.detailTitle(item.type, item.numero)}</span>
              </Link>
              {isStillToPay(item.etat) ? <RemindButton invoiceId={item.id} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
