import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { TextList } from '#client/ui/lists.tsx';
import { Page } from '#client/ui/page.tsx';
import styles from './public-pages.module.css';

const t = infoPageTexts.about;

export function QuiSommesNousPage() {
  const { business } = usePublicConfig();
  return (
    <Page title={publicPageMeta.quiSommesNous.title}>
      <p className={styles.intro}>{t.intro(business.name, business.owner)}</p>
      <div className={styles.prose}>
        <h2>{t.missionTitle}</h2>
        <p>{t.mission}</p>
        <h2>{t.commitmentsTitle}</h2>
        <TextList items={t.commitments} />
        <h2>{t.areaTitle}</h2>
        <p>{t.area}</p>
        <p>
          <Link className={styles.cta} to={{ pathname: paths.home, hash: '#simuler' }}>
            {infoPageTexts.howItWorks.cta}
          </Link>
        </p>
      </div>
    </Page>
  );
}
