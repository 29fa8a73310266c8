import { useId } from 'react';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import styles from './quotes.module.css';
import { telHref } from '#client/lib/phone.ts';

/** Support e-mail and phone of the business, as links. */
export function ContactSection() {
  const headingId = useId();
  const { email, phone } = usePublicConfig().contact;
  return (
    <section id="contact" className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.contactTitle}</h2>
      <p>{t.contactIntro}</p>
      <p>
        {t.contactEmail} <a href={`mailto:${email}`}>{email}</a>
        <br />
        {t.contactPhone} <a href={telHref(phone)}>{phone}</a>
      </p>
    </section>
  );
}
