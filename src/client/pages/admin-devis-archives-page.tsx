import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { useAdminArchives } from '#client/features/admin/api/use-admin-archives.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { QuoteActions } from '#client/features/admin/components/quote-actions.tsx';
import styles from '#client/features/admin/components/admin.module.css';
import { formatParisDate } from '#domain/format.ts';
import { NoBreak } from '#client/ui/keep-together.tsx';

/** /admin/devis-archives: every archived quote, by number. */
export function AdminDevisArchivesPage() {
  const archives = useAdminArchives();
  const devis = archives.data?.devis;
  return (
    <AdminSubpage title={adminTexts.archivesTitle} loading={archives.isPending && texts.loadingQuotes} failure={archives.error?.message}>
      {devis?.length === 0 ? <p>{texts.noArchivedQuotes}</p> : null}
      {devis?.length ? (
        <ul className={styles.archiveList}>
          {devis.map((item) => (
            <li key={item.id} className={styles.archiveItem}>
              <h2 className={styles.quoteTitle}>{adminTexts.pdfTitle(item.numeroDevis)}</h2>
              <p className={styles.quoteInfo}>
                {formatParisDate(item.dateSimulation)} · {item.email ? <NoBreak>{item.email}</NoBreak> : texts.clientInconnu}
              </p>
              <QuoteActions devis={item} context="archives" />
            </li>
          ))}
        </ul>
      ) : null}
    </AdminSubpage>
  );
}
