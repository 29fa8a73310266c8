import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { Page } from '#client/ui/page.tsx';
import styles from './public-pages.module.css';

const t = infoPageTexts.howItWorks;

export function CommentCaMarchePage() {
  return (
    <Page title={publicPageMeta.commentCaMarche.title}>
      <p className={styles.intro}>{t.intro}</p>
      <ol className={styles.steps}>
        {t.steps.map((step) => (
          <li key={step.title} className={styles.step}>
            <h2>{step.title}</h2>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
      <p>
        <Link className={styles.cta} to={{ pathname: paths.home, hash: '#simuler' }}>
          {t.cta}
        </Link>
      </p>
    </Page>
  );
}
