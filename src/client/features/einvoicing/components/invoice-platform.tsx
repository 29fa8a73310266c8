import { formatParisDate, formatParisDateTime } from '#domain/format.ts';
import { directoryLabels, einvoicingTexts as t } from '#domain/texts/einvoicing.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useInvoicePlatform, useRetryInvoice } from '../api/use-einvoicing.ts';
import styles from './einvoicing.module.css';

/**
 * An issued invoice or credit note at the approved platform: its status in French (the reason of
 * a rejection), its history, a new sending after a failure, and whether its business customer
 * receives e-invoices (the Directory Service). Nothing when no platform is configured.
 */
export function InvoicePlatform({ factureId }: { factureId: string }) {
  const query = useInvoicePlatform(factureId);
  const retry = useRetryInvoice();
  const toast = useToast();
  if (query.isError) return <Message kind="error">{messageOf(query.error)}</Message>;
  if (!query.data?.enabled) return null;
  const { plateforme, annuaire } = query.data;
  const rejected = plateforme && (plateforme.etat === '213' || plateforme.etat === '210');
  const canRetry = plateforme && (plateforme.envoi.statut === 'failed' || plateforme.envoi.statut === 'invalid');
  return (
    <section className={styles.panel} aria-labelledby="plateforme-titre">
      <h2 id="plateforme-titre" className={styles.panelTitle}>
        {t.platform}
      </h2>
      {annuaire ? (
        <p>
          {directoryLabels[annuaire.receives]} ({t.checkedOn(formatParisDate(annuaire.verifieLe))})
        </p>
      ) : null}
      {plateforme ? (
        <>
          <p>
            {t.platformStatus}&nbsp;: <strong data-testid="statut-plateforme">{plateforme.libelle}</strong>
            {plateforme.motif ? ` – ${plateforme.motif}` : ''}
          </p>
          {rejected ? <Message kind="info">{t.rejectedAdvice}</Message> : null}
          {plateforme.envoi.statut === 'invalid' ? <Message kind="error">{t.invalidAdvice}</Message> : null}
          <p className={styles.muted}>
            {t.trackingId}&nbsp;: {plateforme.envoi.referenceEnvoi}
          </p>
          {plateforme.historique.length > 0 ? (
            <>
              <h3 className={styles.subTitle}>{t.history}</h3>
              <ol className={styles.history}>
                {plateforme.historique.map((entry) => (
                  <li key={`${entry.code}-${entry.date}`}>
                    {formatParisDateTime(entry.date)} – {entry.libelle}
                    {entry.motif ? ` : ${entry.motif}` : ''}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          {canRetry ? (
            <Button
              variant="secondary"
              isBusy={retry.isPending}
              onClick={() => toast.attempt(() => retry.mutateAsync(factureId), messageOf)}
            >
              {t.retry}
            </Button>
          ) : null}
        </>
      ) : (
        <p>{t.notSent}</p>
      )}
    </section>
  );
}
