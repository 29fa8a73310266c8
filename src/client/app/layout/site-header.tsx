import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../domain/paths.ts';
import { publicConfig } from '../../lib/public-config.ts';
import { useSession } from '../../features/accounts/api/use-session.ts';
import { LogoutButton } from '../../features/accounts/components/logout-button.tsx';
import styles from './layout.module.css';

const homeSections = [
  { hash: '#accueil', label: 'Accueil' },
  { hash: '#simuler', label: 'Simuler un prix' },
  { hash: '#creer-compte', label: 'Créer un compte' },
  { hash: '#connexion', label: 'Connexion' },
  { hash: '#contact', label: 'Contact' },
];

const pages = [
  { to: paths.quiSommesNous, label: 'Qui sommes-nous' },
  { to: paths.commentCaMarche, label: 'Comment ça marche' },
  { to: paths.faq, label: 'FAQ' },
];

export function SiteHeader() {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const session = useSession();
  const user = session.data?.user;

  return (
    <header className={styles.header}>
      <a className={styles.skipLink} href="#contenu">
        Aller au contenu
      </a>
      <div className={`container ${styles.headerInner}`}>
        <Link to={paths.home} className={styles.brand}>
          {publicConfig.business.name}
        </Link>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={isOpen}
          aria-controls={menuId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <span aria-hidden="true" className={styles.burger} />
          {isOpen ? 'Fermer le menu' : 'Menu'}
        </button>
        <nav
          id={menuId}
          aria-label="Menu principal"
          className={`${styles.nav} ${isOpen ? styles.navOpen : ''}`}
          // Following a link, or Escape, closes the menu on small screens.
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setIsOpen(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setIsOpen(false);
          }}
        >
          <ul className={styles.navList}>
            {homeSections.map((section) => (
              <li key={section.hash}>
                <Link to={{ pathname: paths.home, hash: section.hash }}>{section.label}</Link>
              </li>
            ))}
            {pages.map((page) => (
              <li key={page.to}>
                <NavLink to={page.to}>{page.label}</NavLink>
              </li>
            ))}
            {user ? (
              <>
                <li>
                  <NavLink to={user.role === 'admin' ? paths.admin : paths.espaceClient}>
                    {user.role === 'admin' ? 'Administration' : 'Mon espace'}
                  </NavLink>
                </li>
                <li>
                  <LogoutButton appearance="header" />
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
