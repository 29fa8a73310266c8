import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { InfoPage, SimulateCta } from './info-page-parts.tsx';
import styles from './public-pages.module.css';

const t = infoPageTexts.howItWorks;

export function CommentCaMarchePage() {
  return (
    <InfoPage title={publicPageMeta.commentCaMarche.title} intro={t.intro}>
      <ol className={styles.steps}>
        {t.steps.map((step) => (
          <li key={step.title} className={styles.step}>
            <h2>{step.title}</h2>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
      <SimulateCta />
    </InfoPage>
  );
}
