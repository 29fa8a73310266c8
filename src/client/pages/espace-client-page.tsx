import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../domain/paths.ts';
import { quoteTexts as t } from '../../domain/texts.ts';
import { useSession } from '../features/accounts/api/use-session.ts';
import { ActiveQuotes } from '../features/quotes/components/active-quotes.tsx';
import { ContactSection } from '../features/quotes/components/contact-section.tsx';
import styles from '../features/quotes/components/quotes.module.css';
import { Page } from '../ui/page.tsx';

export function EspaceClientPage() {
  const session = useSession();
  const simulateHeadingId = useId();
  const name = session.data?.user?.name ?? '';
  return (
    <Page title={t.areaTitle} heading={name ? t.welcome(name) : t.areaTitle}>
      {/* Logout button: built in features/accounts by the accounts helper; it goes to /connexion. */}
      <ActiveQuotes />
      <p className={styles.links}>
        <Link to={paths.devisArchives}>{t.archivesLink}</Link>
      </p>
      <section id="simuler" className={`${styles.section} ${styles.placeholder}`} aria-labelledby={simulateHeadingId}>
        <h2 id={simulateHeadingId}>{t.simulateTitle}</h2>
        {/* Simulator: <Simulator /> from features/simulator/simulator.tsx, built by the simulator helper. */}
      </section>
      <ContactSection />
    </Page>
  );
}
