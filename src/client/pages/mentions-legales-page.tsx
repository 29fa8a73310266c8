import { Link } from 'react-router';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { paths } from '#domain/paths.ts';
import { publicPageMeta, texts } from '#domain/texts/common.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { Definitions, TextList } from '#client/ui/lists.tsx';
import { Page } from '#client/ui/page.tsx';
import styles from './public-pages.module.css';
import { telHref } from '#client/lib/phone.ts';

const t = infoPageTexts.legal;

export function MentionsLegalesPage() {
  const { business, contact, mediator } = usePublicConfig();
  const mailto = <a href={`mailto:${contact.email}`}>{contact.email}</a>;
  return (
    <Page title={publicPageMeta.mentionsLegales.title}>
      <div className={styles.prose}>
        <h2>{t.publisherTitle}</h2>
        <p>{t.publisher(business.name, business.owner)}</p>
        <p>{t.status}</p>
        <Definitions
          className={styles.facts}
          items={[
            [t.siret, business.siret],
            [t.address, business.address],
            [t.email, mailto],
            [t.phone, <a href={telHref(contact.phone)}>{contact.phone}</a>],
            [t.director, business.owner],
          ]}
        />

        <h2>{t.vatTitle}</h2>
        <p>{texts.vatNote}</p>

        {mediator ? (
          <>
            <h2>{t.mediatorTitle}</h2>
            <p>{t.mediator(mediator)}</p>
          </>
        ) : null}

        <h2>{t.hostTitle}</h2>
        <p>{business.host}</p>

        <h2>{t.ipTitle}</h2>
        <p>{t.ip}</p>

        <h2>{t.privacyTitle}</h2>
        <p>{t.privacyController(business.owner)}</p>
        <h3>{t.collectedTitle}</h3>
        <TextList items={t.collected} />
        <h3>{t.purposesTitle}</h3>
        <TextList items={t.purposes} />
        <h3>{t.retentionTitle}</h3>
        <TextList items={t.retention} />
        <h3>{t.recipientsTitle}</h3>
        <p>{t.recipients}</p>
        <h3>{t.rightsTitle}</h3>
        <p>
          {t.rights} {mailto}.
        </p>
        <p>{t.complaint}</p>
        <p>
          <Link to={paths.confidentialite}>{t.policyLink}</Link>
        </p>

        <h2>{t.cookiesTitle}</h2>
        <p>{t.cookies}</p>
      </div>
    </Page>
  );
}
