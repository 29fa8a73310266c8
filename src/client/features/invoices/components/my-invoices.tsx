import { useId } from 'react';
import { Link } from 'react-router';
import { isStillToPay } from '#domain/invoices.ts';
import { paths } from '#domain/paths.ts';
import { paymentPageTexts } from '#domain/texts/payments.ts';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { invoicePdfTexts, invoiceTexts as t } from '#domain/texts/invoices.ts';
import { useMyInvoices } from '../api/use-invoices.ts';
import { EtatBadge } from './etat-badge.tsx';
import styles from './invoices.module.css';
import { KeepTogether } from '#client/ui/keep-together.tsx';

/**
 * The customer's invoices and credit notes, to download: all of them in his area, or those of
 * one quote beside it (`devisId`). Nothing is shown while there are none.
 */
export function MyInvoices({ devisId }: { devisId?: string }) {
  const headingId = useId();
  const invoices = useMyInvoices();
  const items = (invoices.data ?? []).filter((item) => !devisId || item.devisId === devisId);
  if (items.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.customerInvoices}</h2>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.card}>
            <div className={styles.cardHeader}>
              <strong>
                <KeepTogether text={t.detailTitle(item.type, item.numero)} part={item.numero} />
              </strong>
              {item.etat ? <EtatBadge etat={item.etat} /> : null}
            </div>
            <p className={styles.meta}>
              {formatDay(item.dateEmission)} – {formatCentimes(item.totalCentimes)} – {invoicePdfTexts.quoteRef(item.numeroDevis)}
            </p>
            <p className={styles.actions}>
              {isStillToPay(item.etat) ? (
                <Link className={styles.payLink} to={paths.paiementFacture(item.id)}>
                  {paymentPageTexts.payLink}
                </Link>
              ) : item.type === 'facture' ? (
                // Paid or cancelled: its page says how it was paid and where any refund stands.
                <Link to={paths.paiementFacture(item.id)}>{paymentPageTexts.detailLink}</Link>
              ) : null}
              <a className={styles.downloadLink} href={item.pdfUrl} download>
                {/* One flex item: a flex box would drop the spaces around the number. */}
                <span>
                  <KeepTogether text={t.customerDownload(item.type, item.numero)} part={item.numero} />
                </span>
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
