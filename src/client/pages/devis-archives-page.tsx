import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { useSession } from '#client/lib/use-session.ts';
import { ArchivedQuotes } from '#client/features/quotes/components/archived-quotes.tsx';
import styles from '#client/features/quotes/components/quotes.module.css';
import { Page } from '#client/ui/page.tsx';

export function DevisArchivesPage() {
  const session = useSession();
  return (
    <Page title={t.archivesTitle}>
      <p className={styles.links}>
        <Link to={paths.espaceClient}>{t.backToArea}</Link>
      </p>
      {session.isPending || !session.data?.user ? <p role="status">{texts.loadingUser}</p> : <ArchivedQuotes />}
    </Page>
  );
}
