import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { publicTexts, texts } from '#domain/texts/common.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import styles from './layout.module.css';
import { telHref } from '#client/lib/phone.ts';

const t = publicTexts.nav;

const links = [
  { to: paths.mentionsLegales, label: t.mentionsLegales },
  { to: paths.confidentialite, label: t.confidentialite },
  { to: paths.cgv, label: t.cgv },
  { to: paths.quiSommesNous, label: t.quiSommesNous },
  { to: paths.commentCaMarche, label: t.commentCaMarche },
  { to: paths.faq, label: t.faq },
];

export function SiteFooter() {
  const { business, contact } = usePublicConfig();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        <nav aria-label={t.footerMenu}>
          <ul className={styles.footerLinks}>
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.footerContact}>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
          <span aria-hidden="true"> · </span>
          <a href={telHref(contact.phone)}>{contact.phone}</a>
        </p>
        <p className={styles.legalLine}>
          {business.name} – {business.owner}, {publicTexts.footer.microEntreprise} – {publicTexts.footer.siret(business.siret)} –{' '}
          {texts.vatNote}
        </p>
      </div>
    </footer>
  );
}
