import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { infoPageTexts } from '#domain/texts/info-pages.ts';
import { Page } from '#client/ui/page.tsx';
import styles from './public-pages.module.css';

/** An information page (comment ça marche, FAQ, qui sommes-nous): its title, an introduction, then its own body. */
export function InfoPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Page title={title}>
      <p className={styles.intro}>{intro}</p>
      {children}
    </Page>
  );
}

/** « Simuler un devis » and the like: back to the home page's simulator. */
export function SimulateCta() {
  return (
    <p>
      <Link className={styles.cta} to={{ pathname: paths.home, hash: '#simuler' }}>
        {infoPageTexts.howItWorks.cta}
      </Link>
    </p>
  );
}
