import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import { useAdminArchives } from '#client/features/admin/api/use-admin-archives.ts';
import { QuoteActions } from '#client/features/admin/components/quote-actions.tsx';
import styles from '#client/features/admin/components/admin.module.css';
import { formatDate } from '#client/lib/format.ts';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';

/** /admin/devis-archives: every archived quote, by number. */
export function AdminDevisArchivesPage() {
  const archives = useAdminArchives();
  return (
    <Page title={adminTexts.archivesTitle}>
      <p>
        <Link to={paths.admin}>{adminTexts.backToAdmin}</Link>
      </p>
      {archives.isPending ? <p role="status">{texts.loadingQuotes}</p> : null}
      {archives.isError ? <Message kind="error">{archives.error.message}</Message> : null}
      {archives.data?.devis.length === 0 ? <p>{texts.noArchivedQuotes}</p> : null}
      {archives.data && archives.data.devis.length > 0 ? (
        <ul className={styles.archiveList}>
          {archives.data.devis.map((devis) => (
            <li key={devis.id} className={styles.archiveItem}>
              <h2 className={styles.quoteTitle}>{adminTexts.pdfTitle(devis.numeroDevis)}</h2>
              <p className={styles.quoteInfo}>
                {formatDate(devis.dateSimulation)} · {devis.email || texts.clientInconnu}
              </p>
              <QuoteActions devis={devis} context="archives" />
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
