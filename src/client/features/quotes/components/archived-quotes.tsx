import { Link } from 'react-router';
import { formatParisDate } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApplyToQuote } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useDevisArchives } from '../api/get-devis-archives.ts';
import { useRestoreDevis } from '../api/restore-devis.ts';
import { ActionLabel, devisRoute, QuoteCard } from './quote-card.tsx';
import { useConfirmedDelete } from './use-confirmed-delete.tsx';
import styles from './quotes.module.css';

/** The customer's archived quotes, by number: Voir, Restaurer, Supprimer (confirmed). */
export function ArchivedQuotes() {
  const archives = useDevisArchives();
  const restore = useRestoreDevis();
  const toast = useToast();
  const deletion = useConfirmedDelete(t.confirmDeleteArchived);

  // The spec's archive page says it is loading the user until it can list the archives.
  if (archives.isPending) return <p role="status">{texts.loadingUser}</p>;
  if (archives.isError) return <Message kind="error">{archives.error.message}</Message>;

  const onRestore = (devis: Devis) => toast.report(() => restore.mutateAsync(devis.id), t.restored, t.restoreFailure);

  return (
    <>
      {archives.data.devis.length === 0 ? (
        <p role="status">{texts.noArchivedQuotes}</p>
      ) : (
        <ul className={styles.list}>
          {archives.data.devis.map((devis) => {
            const isBusy = (restore.isPending && restore.variables === devis.id) || deletion.isDeleting(devis.id);
            return (
              <li key={devis.id}>
                <QuoteCard
                  devis={devis}
                  heading="h2"
                  facts={[
                    [t.date, formatParisDate(devis.dateSimulation)],
                    [t.route, devisRoute(devis)],
                  ]}
                >
                  <Link className={styles.actionLink} to={paths.devis(devis.id)}>
                    <ActionLabel label={t.view} devis={devis} />
                  </Link>
                  {canApplyToQuote('customer', 'restore', devis) ? (
                    <Button variant="secondary" onClick={() => onRestore(devis)} disabled={isBusy}>
                      <ActionLabel label={t.restore} devis={devis} />
                    </Button>
                  ) : null}
                  {canApplyToQuote('customer', 'delete', devis) ? (
                    <Button variant="danger" onClick={() => deletion.askToDelete(devis)} disabled={isBusy}>
                      <ActionLabel label={t.delete} devis={devis} />
                    </Button>
                  ) : null}
                </QuoteCard>
              </li>
            );
          })}
        </ul>
      )}
      {deletion.dialog}
    </>
  );
}
