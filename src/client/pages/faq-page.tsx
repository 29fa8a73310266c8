import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { Disclosure } from '#client/ui/disclosure.tsx';
import { InfoPage } from './info-page-parts.tsx';
import styles from './public-pages.module.css';

const t = infoPageTexts.faq;

/** Each question is a native disclosure (ui/disclosure.tsx). */
export function FaqPage() {
  return (
    <InfoPage title={publicPageMeta.faq.title} intro={t.intro}>
      <div className={styles.faqList}>
        {t.items.map((item) => (
          <Disclosure key={item.question} summary={item.question}>
            <p>{item.answer}</p>
          </Disclosure>
        ))}
      </div>
      <p>
        {t.more} <Link to={{ pathname: paths.home, hash: '#contact' }}>{t.contactUs}</Link>
      </p>
    </InfoPage>
  );
}
