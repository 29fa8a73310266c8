import { useId } from 'react';
import { twoFactorTexts as t } from '#domain/texts/security.ts';
import { TwoFactorSettings } from './two-factor-settings.tsx';
import styles from './two-factor.module.css';

/** The customer area's section: the second factor, optional. */
export function TwoFactorSection() {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.setupTitle}</h2>
      <TwoFactorSettings />
    </section>
  );
}
