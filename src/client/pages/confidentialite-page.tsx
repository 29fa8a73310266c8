import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { defaultPrivacyFacts, privacyPageTexts as t } from '#domain/texts/privacy-page.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { telHref } from '#client/lib/phone.ts';
import { TextList } from '#client/ui/lists.tsx';
import { Page } from '#client/ui/page.tsx';
import styles from './public-pages.module.css';

/**
 * /confidentialite: the privacy policy. Prerendered by the server with its configuration, so
 * the retention periods and the outside services it names are the ones this site runs with.
 */
export function ConfidentialitePage() {
  const { business, contact, privacy = defaultPrivacyFacts } = usePublicConfig();
  const { processors } = privacy;
  return (
    <Page title={publicPageMeta.confidentialite.title}>
      <div className={styles.prose}>
        <p>{t.intro(business.name, business.owner)}</p>

        <h2>{t.collectedTitle}</h2>
        <TextList items={t.collected} />

        <h2>{t.retentionTitle}</h2>
        <TextList items={t.retention(privacy.retention)} />

        <h2>{t.processorsTitle}</h2>
        <TextList
          items={[
            t.host(business.host),
            t.geocoder(processors.geocoder),
            t.router(processors.router),
            t.smtp(processors.smtp),
            t.s3(processors.s3),
            t.sms(processors.sms),
            t.positionsShared,
          ]}
        />
        <p>{t.noSale}</p>

        <h2>{t.rightsTitle}</h2>
        <ul>
          <li>{t.accessRight}</li>
          <li>{t.erasureRight}</li>
        </ul>
        <p>
          <Link to={paths.espaceClient}>{t.areaLink}</Link>
        </p>
        <p>
          {t.otherRights} <a href={`mailto:${contact.email}`}>{contact.email}</a> {t.orCall}{' '}
          <a href={telHref(contact.phone)}>{contact.phone}</a>.
        </p>
        <p>{t.complaint}</p>

        <h2>{t.cookiesTitle}</h2>
        <p>{t.cookies}</p>
      </div>
    </Page>
  );
}
