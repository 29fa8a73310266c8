import { Link, useSearchParams } from 'react-router';
import { formatCentimes, formatDay } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import { paymentPageTexts as t } from '#domain/texts/payments.ts';
import { messageOf } from '#client/lib/api.ts';
import { telHref } from '#client/lib/phone.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { Button } from '#client/ui/button.tsx';
import { KeepTogether } from '#client/ui/keep-together.tsx';
import { Definitions } from '#client/ui/lists.tsx';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import type { PublicConfig } from '#domain/public-config.ts';
import type { PaymentPage } from '#domain/schemas/payments.ts';
import { usePaymentPage, useStartOnlinePayment } from '../api/use-payments.ts';
import { CopyableValue } from './copyable-value.tsx';
import styles from './payment-view.module.css';

/**
 * An invoice to pay: what is left, « Payer en ligne » when the card provider is on, and the
 * transfer's EPC QR code with its details. Back from the provider (`?retour=1`) it says
 * « Paiement en cours de confirmation » until the provider's notification has recorded the
 * payment: the browser's return is never taken as the payment. With neither configured, whom
 * to ask (the business's e-mail and phone), not a page without a way to pay.
 */
export function PaymentView({ id }: { id: string }) {
  const [params] = useSearchParams();
  const returning = params.get('retour') === '1';
  const page = usePaymentPage(id, { waiting: returning });
  const start = useStartOnlinePayment(id);
  const data = page.data;
  const contact = usePublicConfig().contact;
  const title = data ? t.title(data.facture.numero, data.facture.acompte) : t.loading;
  return (
    <Page title={title} heading={<KeepTogether text={title} part={data?.facture.numero} />}>
      <p>
        <Link to={paths.espaceClient}>{t.back}</Link>
      </p>
      <QueryStatus query={page} loading={t.loading} />
      {data ? (
        <>
          <Definitions
            className={styles.facts}
            items={[
              [t.total, formatCentimes(data.facture.totalCentimes)],
              ...(data.facture.acomptesCentimes > 0
                ? [[t.deposits, `− ${formatCentimes(data.facture.acomptesCentimes)}`] as [string, string]]
                : []),
              [t.left, <strong key="left">{formatCentimes(data.facture.resteCentimes)}</strong>],
              // A cancelled invoice has nothing due by any day.
              ...(data.facture.dateEcheance && data.facture.annuleeParAvoir === null
                ? [[t.due, formatDay(data.facture.dateEcheance)] as [string, string]]
                : []),
            ]}
          />
          {data.facture.annuleeParAvoir !== null ? (
            <Message kind="info">{t.cancelled(data.facture.annuleeParAvoir)}</Message>
          ) : data.facture.resteCentimes <= 0 ? (
            <Message kind="success">{t.settled}</Message>
          ) : null}
          <Refunds page={data} contact={contact} />
          {returning && data.facture.resteCentimes > 0 ? (
            <Message kind="info">
              <strong>{t.confirming}</strong> {t.confirmingHint}
            </Message>
          ) : null}
          {data.enLigne ? (
            <section>
              <Button isBusy={start.isPending} onClick={() => start.mutate()}>
                {t.payOnline}
              </Button>
              <p>{t.payOnlineHint}</p>
              {start.isError ? <Message kind="error">{messageOf(start.error)}</Message> : null}
            </section>
          ) : null}
          {data.virement ? (
            <section aria-labelledby="virement">
              <h2 id="virement">{t.transferTitle}</h2>
              <p>{t.transferHint}</p>
              {data.virement.qrCode ? (
                <img src={data.virement.qrCode} alt={t.qrAlt(data.virement.reference)} width={180} height={180} />
              ) : null}
              <Definitions
                className={styles.details}
                items={[
                  [t.beneficiary, data.virement.beneficiaire],
                  [
                    t.iban,
                    <CopyableValue key="iban" value={data.virement.iban} copied={data.virement.iban.replace(/\s/g, '')} label={t.iban} />,
                  ],
                  ...(data.virement.bic ? [[t.bic, data.virement.bic] as [string, string]] : []),
                  [t.reference, <CopyableValue key="reference" value={data.virement.reference} label={t.reference} />],
                  [t.amount, formatCentimes(data.virement.montantCentimes)],
                ]}
              />
            </section>
          ) : null}
          {!data.enLigne && !data.virement && data.facture.resteCentimes > 0 ? (
            <section aria-labelledby="autres-moyens">
              <h2 id="autres-moyens">{t.otherMeansTitle}</h2>
              <p>
                {t.otherMeans} <ContactLinks contact={contact} />
              </p>
            </section>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}

type Contact = PublicConfig['contact'];

function ContactLinks({ contact }: { contact: Contact }) {
  return (
    <>
      <a href={`mailto:${contact.email}`}>{contact.email}</a>
      {'\u00a0'}· <a href={telHref(contact.phone)}>{contact.phone}</a>
    </>
  );
}

/**
 * Where the money given back on the invoice stands (a withdrawal's deposit, money received in
 * excess), as the server reads it from the books: owed by its last day, asked of the card
 * provider, or made; and money held beyond what is owed, with whom to ask. Nothing when none.
 */
function Refunds({ page, contact }: { page: PaymentPage; contact: Contact }) {
  if (page.remboursements.length === 0 && page.enTropCentimes === 0) return null;
  const byCardMade = page.remboursements.some((refund) => refund.moyen === 'carte' && refund.statut === 'effectué');
  return (
    <section aria-labelledby="remboursement">
      <h2 id="remboursement">{t.refundsTitle}</h2>
      {page.remboursements.length > 0 ? (
        <ul className={styles.refunds}>
          {page.remboursements.map((refund, index) => (
            <li key={`${refund.statut}-${refund.date}-${index}`}>
              {t.refund[refund.statut](formatCentimes(refund.montantCentimes), t.refundMeans[refund.moyen], formatDay(refund.date))}
            </li>
          ))}
        </ul>
      ) : null}
      {byCardMade ? <p>{t.cardRefundDelay}</p> : null}
      {page.enTropCentimes > 0 ? (
        <p>
          {t.excess(formatCentimes(page.enTropCentimes))} <ContactLinks contact={contact} />
        </p>
      ) : null}
    </section>
  );
}
