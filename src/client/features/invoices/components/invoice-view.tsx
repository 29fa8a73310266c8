import { useState } from 'react';
import { Link } from 'react-router';
import { formatCentimes, formatCentimesDecimal, formatDay, formatQuantity, parisToday } from '#domain/format.ts';
import { isStillToPay, MOYENS_PAIEMENT, parseEurosToCents, type MoyenPaiement } from '#domain/invoices.ts';
import { paths } from '#domain/paths.ts';
import type { Facture } from '#domain/schemas/invoices.ts';
import { invoicePdfTexts, invoiceTexts as t, MOYEN_LABELS } from '#domain/texts/invoices.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, Options, SelectField, TextField } from '#client/ui/field.tsx';
import { Definitions, TableHead } from '#client/ui/lists.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import ui from '#client/ui/ui.module.css';
import { useIssueCreditNote, useRecordPayment } from '../api/use-invoice-mutations.ts';
import { RemindButton } from './remind-button.tsx';
import { remainingFact } from './remaining.ts';
import styles from './invoices.module.css';
import { KeepTogether } from '#client/ui/keep-together.tsx';

/** An issued invoice or credit note: what it says, its PDF, and for an invoice its payments and credit notes. */
export function InvoiceView({ facture }: { facture: Facture }) {
  const isInvoice = facture.type === 'facture';
  const facts: [string, React.ReactNode][] = [
    [t.issueDate, formatDay(facture.dateEmission)],
    [t.serviceDate, formatDay(facture.datePrestation)],
    ...(isInvoice ? ([[t.dueDate, formatDay(facture.dateEcheance)]] as [string, string][]) : []),
    [t.clientSection, `${facture.client.nom} – ${facture.client.adresse}`],
    [t.total, formatCentimes(facture.totalCentimes)],
  ];
  if (isInvoice) {
    facts.push([t.paid, formatCentimes(facture.payeCentimes)], remainingFact(facture.resteCentimes, t.remaining));
  }
  return (
    <>
      <div className={styles.links}>
        {facture.pdfUrl ? (
          <a className={`${ui.button} ${ui.primary}`} href={facture.pdfUrl} download>
            {t.download}
          </a>
        ) : null}
        <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminEditDevis(facture.devisId)}>
          {t.quoteLink(facture.numeroDevis)}
        </Link>
        {facture.factureOrigine ? (
          <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminFacture(facture.factureOrigine.id)}>
            {t.originInvoice(facture.factureOrigine.numero ?? '')}
          </Link>
        ) : null}
      </div>
      <Definitions className={styles.totals} items={facts} />
      {facture.motif ? (
        <p>
          {invoicePdfTexts.reason}&nbsp;: {facture.motif}
        </p>
      ) : null}
      <table className={styles.table}>
        <TableHead
          columns={[
            t.lineDescription,
            { label: t.lineQuantity, className: styles.amount },
            { label: t.lineAmount, className: styles.amount },
          ]}
        />
        <tbody>
          {facture.lignes.map((line, index) => (
            <tr key={index}>
              <td>{line.description}</td>
              <td className={styles.amount}>{formatQuantity(Math.round(line.quantite * 100))}</td>
              <td className={styles.amount}>{formatCentimes(line.montantCentimes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {isInvoice ? <Payments facture={facture} /> : null}
      {isInvoice ? <CreditNotes facture={facture} /> : null}
    </>
  );
}

function Payments({ facture }: { facture: Facture }) {
  const [date, setDate] = useState(parisToday());
  const [amount, setAmount] = useState(() => (facture.resteCentimes > 0 ? formatCentimesDecimal(facture.resteCentimes) : ''));
  const [moyen, setMoyen] = useState<MoyenPaiement>('virement');
  const [isRefund, setIsRefund] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const record = useRecordPayment();
  const toast = useToast();

  return (
    <section className={styles.section}>
      <h2>{t.paymentsSection}</h2>
      {facture.paiements.length === 0 ? <p>{t.noPayments}</p> : null}
      <ul>
        {facture.paiements.map((payment) => (
          <li key={payment.id}>
            {formatDay(payment.date)} – {MOYEN_LABELS[payment.moyen]} –{' '}
            {payment.montantCentimes < 0 ? t.refundLine(formatCentimes(-payment.montantCentimes)) : formatCentimes(payment.montantCentimes)}
          </li>
        ))}
      </ul>
      {facture.derniereRelance ? <p className={styles.meta}>{t.lastReminder(formatDay(facture.derniereRelance.slice(0, 10)))}</p> : null}
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          const cents = parseEurosToCents(amount);
          if (cents === null || cents <= 0) {
            setError(t.invalidAmount);
            return;
          }
          setError(null);
          let updated: Facture | null;
          try {
            updated = await record.mutateAsync({ id: facture.id, body: { date, montantCentimes: isRefund ? -cents : cents, moyen } });
          } catch (failure) {
            setError(messageOf(failure));
            return;
          }
          toast.show(t.paymentRecorded, 'success');
          setAmount(updated && updated.resteCentimes > 0 ? formatCentimesDecimal(updated.resteCentimes) : '');
          setIsRefund(false);
        }}
      >
        <TextField label={t.paymentDate} type="date" value={date} max={parisToday()} onChange={(event) => setDate(event.target.value)} />
        <TextField
          label={t.paymentAmount}
          inputMode="decimal"
          value={amount}
          error={error ?? undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <SelectField label={t.paymentMeans} value={moyen} onChange={(event) => setMoyen(event.target.value as MoyenPaiement)}>
          <Options values={MOYENS_PAIEMENT} label={(value) => MOYEN_LABELS[value]} />
        </SelectField>
        {facture.resteCentimes < 0 || facture.avoirs.length > 0 ? (
          <CheckboxField label={t.paymentRefund} checked={isRefund} onChange={(event) => setIsRefund(event.target.checked)} />
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" isBusy={record.isPending}>
            {t.recordPayment}
          </Button>
          {isStillToPay(facture.etat) ? <RemindButton invoiceId={facture.id} /> : null}
        </div>
      </form>
    </section>
  );
}

function CreditNotes({ facture }: { facture: Facture }) {
  const [motif, setMotif] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const credit = useIssueCreditNote();
  const toast = useToast();
  const left = facture.totalCentimes - facture.avoirsCentimes;
  return (
    <section className={styles.section}>
      <h2>{t.creditSection}</h2>
      <ul>
        {facture.avoirs.map((note) => (
          <li key={note.id}>
            <Link to={paths.adminFacture(note.id)}>
              <KeepTogether text={t.detailTitle('avoir', note.numero)} part={note.numero} />
            </Link>{' '}
            – {formatDay(note.dateEmission)} – {formatCentimes(note.totalCentimes)}
          </li>
        ))}
      </ul>
      {left > 0 ? (
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            const cents = amount.trim() ? parseEurosToCents(amount) : null;
            if (!motif.trim()) return setError(t.requiredField);
            if (amount.trim() && (cents === null || cents <= 0)) return setError(t.invalidAmount);
            setError(null);
            let note: Facture | null;
            try {
              note = await credit.mutateAsync({ id: facture.id, body: { motif: motif.trim(), montantCentimes: cents } });
            } catch (failure) {
              setError(messageOf(failure));
              return;
            }
            // The form goes once nothing is left to credit: its toast does not depend on it.
            toast.show(t.creditIssued(note!.numero!), 'success', note!.numero!);
            setMotif('');
            setAmount('');
          }}
        >
          <TextField label={t.creditReason} value={motif} onChange={(event) => setMotif(event.target.value)} maxLength={300} />
          <TextField label={t.creditAmount} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          {error ? <Message kind="error">{error}</Message> : null}
          <Button type="submit" variant="danger" isBusy={credit.isPending}>
            {t.issueCredit}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
