import { formatCentimes, formatDay } from '#domain/format.ts';
import { einvoicingTexts, ereportingTexts as t } from '#domain/texts/einvoicing.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { TextList } from '#client/ui/lists.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { useEreporting, useReportPeriod } from '../api/use-einvoicing.ts';
import styles from './einvoicing.module.css';

/** /admin/e-reporting: what applies to a micro-entreprise in the VAT franchise, and each period's reports. */
export function EreportingView() {
  const reporting = useEreporting();
  const send = useReportPeriod();
  const toast = useToast();
  const data = reporting.data;
  return (
    <>
      <p>{t.intro}</p>
      <section className={styles.panel} aria-labelledby="exemptions-titre">
        <h2 id="exemptions-titre" className={styles.panelTitle}>
          {t.exemptionsTitle}
        </h2>
        <TextList items={t.exemptions} />
      </section>
      <QueryStatus query={reporting} loading={t.loading} />
      {data && !data.enabled ? <Message kind="info">{einvoicingTexts.disabled}</Message> : null}
      <ul className={styles.list}>
        {data?.periodes.map((periode) => (
          <li key={periode.id} className={styles.card}>
            <h2 className={styles.cardTitle}>{t.period(formatDay(periode.debut), formatDay(periode.fin))}</h2>
            <p className={styles.meta}>{periode.obligatoire ? t.dueBy(formatDay(periode.echeance)) : t.notYetMandatory}</p>
            <p className={styles.meta}>
              {t.transactions}&nbsp;: {formatCentimes(periode.ventesCentimes)} ({t.salesCount(periode.ventesNombre)}) – {t.payments}&nbsp;:{' '}
              {formatCentimes(periode.encaissementsCentimes)}
            </p>
            {periode.envois.length > 0 ? (
              <ul>
                {periode.envois.map((envoi) => (
                  <li key={`${envoi.nature}-${envoi.creeLe}`}>
                    {envoi.nature === 'transactions' ? t.transactions : t.payments} ({envoi.type}) : {t.sendingStatus[envoi.statut]}
                    {envoi.accuse ? ` – ${envoi.accuse}` : ''}
                    {envoi.erreur ? ` – ${envoi.erreur}` : ''}
                  </li>
                ))}
              </ul>
            ) : periode.terminee && periode.ventesNombre === 0 && periode.encaissementsCentimes === 0 ? (
              <p className={styles.muted}>{t.nothing}</p>
            ) : null}
            {data.enabled && periode.terminee ? (
              <Button
                variant="secondary"
                isBusy={send.isPending && send.variables === periode.id}
                onClick={() => toast.report(() => send.mutateAsync(periode.id), t.sent, messageOf)}
              >
                {t.send}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
