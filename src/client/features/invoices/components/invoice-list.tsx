import { useState } from 'react';
import { Link } from 'react-router';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { ETATS_PLATEFORME } from '#domain/einvoicing.ts';
import { ETATS_FACTURE, FACTURE_TYPES, type EtatFacture, type FactureType } from '#domain/invoices.ts';
import { paths } from '#domain/paths.ts';
import type { FactureListQuery } from '#domain/schemas/invoices.ts';
import { einvoicingTexts, ereportingTexts, platformStateLabel, purchaseTexts } from '#domain/texts/einvoicing.ts';
import { ETAT_LABELS, invoicePdfTexts, invoiceTexts as t, TYPE_LABELS } from '#domain/texts/invoices.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { SelectField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import ui from '#client/ui/ui.module.css';
import { useSendReminder } from '../api/use-invoice-mutations.ts';
import { useAdminInvoices } from '../api/use-invoices.ts';
import { EtatBadge } from './etat-badge.tsx';
import styles from './invoices.module.css';
import { KeepTogether } from '#client/ui/keep-together.tsx';

const REMINDABLE: readonly EtatFacture[] = ['à payer', 'partiellement payée', 'en retard'];

/** /admin/factures: invoices and credit notes by state, type and period, with their totals; a reminder from the list. */
export function InvoiceList() {
  const [filter, setFilter] = useState<FactureListQuery>({});
  const invoices = useAdminInvoices(filter);
  const remind = useSendReminder();
  const toast = useToast();
  const set = (patch: Partial<FactureListQuery>) => setFilter((current) => ({ ...current, ...patch }));
  const totals = invoices.data?.totaux;

  return (
    <>
      <div className={styles.links}>
        <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminChiffreAffaires}>
          {t.revenueLink}
        </Link>
        <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminAchats}>
          {purchaseTexts.title}
        </Link>
        <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminEReporting}>
          {ereportingTexts.title}
        </Link>
      </div>
      <form className={styles.toolbar} onSubmit={(event) => event.preventDefault()} aria-label={t.filterApply}>
        <SelectField
          label={t.filterEtat}
          value={filter.etat ?? ''}
          onChange={(event) => set({ etat: (event.target.value || undefined) as EtatFacture | undefined })}
        >
          <option value="">{t.filterAll}</option>
          {ETATS_FACTURE.map((etat) => (
            <option key={etat} value={etat}>
              {ETAT_LABELS[etat]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.filterType}
          value={filter.type ?? ''}
          onChange={(event) => set({ type: (event.target.value || undefined) as FactureType | undefined })}
        >
          <option value="">{t.filterAll}</option>
          {FACTURE_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={einvoicingTexts.platformStatus}
          value={filter.plateforme ?? ''}
          onChange={(event) => set({ plateforme: event.target.value || undefined })}
        >
          <option value="">{einvoicingTexts.allPlatformStatuses}</option>
          {ETATS_PLATEFORME.map((etat) => (
            <option key={etat} value={etat}>
              {platformStateLabel(etat)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.filterFrom}
          type="date"
          value={filter.du ?? ''}
          onChange={(event) => set({ du: event.target.value || undefined })}
        />
        <TextField
          label={t.filterTo}
          type="date"
          value={filter.au ?? ''}
          onChange={(event) => set({ au: event.target.value || undefined })}
        />
      </form>
      {invoices.isPending ? <p role="status">{t.loading}</p> : null}
      {invoices.isError ? <Message kind="error">{messageOf(invoices.error)}</Message> : null}
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
                {einvoicingTexts.platform} : {item.plateforme.libelle}
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
              {t.colTotal} : {formatCentimes(item.totalCentimes)}
              {item.type === 'facture' && item.statut === 'émise'
                ? ` – ${t.colRemaining} : ${formatCentimes(Math.max(0, item.resteCentimes))}`
                : ''}
            </p>
            <div className={styles.actions}>
              <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminFacture(item.id)}>
                {t.view}
                <span className="visually-hidden"> – {t.detailTitle(item.type, item.numero)}</span>
              </Link>
              {item.etat && REMINDABLE.includes(item.etat) ? (
                <Button
                  variant="secondary"
                  isBusy={remind.isPending && remind.variables === item.id}
                  onClick={async () => {
                    try {
                      await remind.mutateAsync(item.id);
                    } catch (error) {
                      toast.show(messageOf(error), 'error');
                      return;
                    }
                    toast.show(t.reminded, 'success');
                  }}
                >
                  {t.remind}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
