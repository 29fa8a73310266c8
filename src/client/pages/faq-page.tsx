import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { InfoPage } from './info-page-parts.tsx';
import styles from './public-pages.module.css';

const t = infoPageTexts.faq;

/** Each question is a native disclosure (<details>/<summary>): keyboard and screen readers work as is. */
export function FaqPage() {
  return (
    <InfoPage title={publicPageMeta.faq.title} intro={t.intro}>
      <div className={styles.faqList}>
        {t.items.map((item) => (
          <details key={item.question} className={styles.faqItem}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
      <p>
        {t.more} <Link to={{ pathname: paths.home, hash: '#contact' }}>{t.contactUs}</Link>
      </p>
    </InfoPage>
  );
}
