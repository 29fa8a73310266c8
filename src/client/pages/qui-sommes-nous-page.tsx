import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { publicPageMeta } from '#domain/texts/common.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { TextList } from '#client/ui/lists.tsx';
import { InfoPage, SimulateCta } from './info-page-parts.tsx';
import styles from './public-pages.module.css';

const t = infoPageTexts.about;

export function QuiSommesNousPage() {
  const { business } = usePublicConfig();
  return (
    <InfoPage title={publicPageMeta.quiSommesNous.title} intro={t.intro(business.name, business.owner)}>
      <div className={styles.prose}>
        <h2>{t.missionTitle}</h2>
        <p>{t.mission}</p>
        <h2>{t.commitmentsTitle}</h2>
        <TextList items={t.commitments} />
        <h2>{t.areaTitle}</h2>
        <p>{t.area}</p>
        <SimulateCta />
      </div>
    </InfoPage>
  );
}
