import { Link } from 'react-router';
import { paths } from '../../../domain/paths.ts';
import { texts } from '../../../domain/texts.ts';
import { publicConfig } from '../../lib/public-config.ts';
import styles from './layout.module.css';

export function SiteFooter() {
  const { business, contact } = publicConfig;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.footerInner}`}>
        <p>
          {business.name} – micro-entreprise – SIRET {business.siret} – {texts.vatNote}
        </p>
        <p>
          <a href={`mailto:${contact.email}`}>{contact.email}</a> – <a href={`tel:${contact.phone.replace(/\s/g, '')}`}>{contact.phone}</a>
        </p>
        <ul className={styles.footerLinks}>
          <li>
            <Link to={paths.mentionsLegales}>Mentions légales</Link>
          </li>
          <li>
            <Link to={paths.quiSommesNous}>Qui sommes-nous</Link>
          </li>
          <li>
            <Link to={paths.commentCaMarche}>Comment ça marche</Link>
          </li>
          <li>
            <Link to={paths.faq}>FAQ</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
