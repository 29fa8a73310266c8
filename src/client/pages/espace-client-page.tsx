import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { useSession } from '#client/lib/use-session.ts';
import { LogoutButton } from '#client/features/accounts/components/logout-button.tsx';
import { NotificationSettings } from '#client/features/notifications/components/notification-settings.tsx';
import { PrivacySection } from '#client/features/privacy/components/privacy-section.tsx';
import { MyInvoices } from '#client/features/invoices/components/my-invoices.tsx';
import { ActiveQuotes } from '#client/features/quotes/components/active-quotes.tsx';
import { ContactSection } from '#client/features/quotes/components/contact-section.tsx';
import { Simulator } from '#client/features/simulator/components/simulator.tsx';
import styles from '#client/features/quotes/components/quotes.module.css';
import { Page } from '#client/ui/page.tsx';

/**
 * « Mes appareils » and the second factor load after the page, as chunks of their own: the home
 * page's first bundle lists every page's static imports, and has no room left (BENCHMARKS.md).
 */
const DevicesPanel = lazy(() =>
  import('#client/features/devices/components/devices-panel.tsx').then((module) => ({ default: module.DevicesPanel })),
);
const TwoFactorSection = lazy(() =>
  import('#client/features/two-factor/components/two-factor-section.tsx').then((module) => ({ default: module.TwoFactorSection })),
);

export function EspaceClientPage() {
  const session = useSession();
  const simulateHeadingId = useId();
  const name = session.data?.user?.name ?? '';
  return (
    <Page title={t.areaTitle} heading={name ? t.welcome(name) : t.areaTitle}>
      <LogoutButton />
      <ActiveQuotes />
      <MyInvoices />
      <p className={styles.links}>
        <Link to={paths.devisArchives}>{t.archivesLink}</Link>
      </p>
      <section id="simuler" className={styles.section} aria-labelledby={simulateHeadingId}>
        <h2 id={simulateHeadingId}>{t.simulateTitle}</h2>
        <Simulator savesPending />
      </section>
      <NotificationSettings />
      <PrivacySection />
      <Suspense fallback={null}>
        <TwoFactorSection />
        <DevicesPanel />
      </Suspense>
      <ContactSection />
    </Page>
  );
}
