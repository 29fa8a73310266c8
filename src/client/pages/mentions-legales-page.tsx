import { infoPageTexts } from '#domain/info-page-texts.ts';
import { publicPageMeta, texts } from '#domain/texts.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { Page } from '#client/ui/page.tsx';
import styles from './public-pages.module.css';
import { telHref } from '#client/lib/phone.ts';

const t = infoPageTexts.legal;

export function MentionsLegalesPage() {
  const { business, contact } = usePublicConfig();
  const mailto = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <Page title={publicPageMeta.mentionsLegales.title}>
      <div className={styles.prose}>
        <h2>{t.publisherTitle}</h2>
        <p>{t.publisher(business.name, business.owner)}</p>
        <p>{t.status}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t.siret}</dt>
            <dd>{business.siret}</dd>
          </div>
          <div>
            <dt>{t.address}</dt>
            <dd>{business.address}</dd>
          </div>
          <div>
            <dt>{t.email}</dt>
            <dd>{mailto}</dd>
          </div>
          <div>
            <dt>{t.phone}</dt>
            <dd>
              <a href={telHref(contact.phone)}>{contact.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t.director}</dt>
            <dd>{business.owner}</dd>
          </div>
        </dl>

        <h2>{t.vatTitle}</h2>
        <p>{texts.vatNote}</p>

        <h2>{t.hostTitle}</h2>
        <p>{business.host}</p>

        <h2>{t.ipTitle}</h2>
        <p>{t.ip}</p>

        <h2>{t.privacyTitle}</h2>
        <p>{t.privacyController(business.owner)}</p>
        <h3>{t.collectedTitle}</h3>
        <ul>
          {t.collected.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3>{t.purposesTitle}</h3>
        <ul>
          {t.purposes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3>{t.retentionTitle}</h3>
        <ul>
          {t.retention.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3>{t.recipientsTitle}</h3>
        <p>{t.recipients}</p>
        <h3>{t.rightsTitle}</h3>
        <p>
          {t.rights} {mailto}.
        </p>
        <p>{t.complaint}</p>

        <h2>{t.cookiesTitle}</h2>
        <p>{t.cookies}</p>
      </div>
    </Page>
  );
}
