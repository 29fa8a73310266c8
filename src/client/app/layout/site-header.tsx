import { Suspense, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '#domain/paths.ts';
import { publicTexts, texts } from '#domain/texts/common.ts';
import { lazyWithQueryClient } from '#client/lib/lazy-with-query-client.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { useEscapeToClose } from '#client/lib/use-escape-to-close.ts';
import type { SessionUser } from '#client/lib/use-session.ts';
import styles from './layout.module.css';

// Only a logged-in visitor needs it: it stays out of the home page's first bundle.
const LogoutButton = lazyWithQueryClient(() =>
  import('#client/features/accounts/components/logout-button.tsx').then((m) => m.LogoutButton),
);
/**
 * The session is read through the query cache, which is not in the first bundle either: the
 * watcher and the cache are loaded after the first render (hydration included, which then matches
 * the server's HTML), by an effect rather than React.lazy. A lazy component inside Suspense would
 * commit a fallback, and React holds what it reveals next for 300 ms after a fallback: the page's
 * own session read and its form waited that long on every full load (docs/decisions/0080).
 */
let SessionWatcher: ComponentType<{ onChange: (user: SessionUser | undefined) => void }> | undefined;
const loadSessionWatcher = async () => {
  const [watcher, { withQueryClient }] = await Promise.all([import('./session-watcher.tsx'), import('#client/lib/query-client.tsx')]);
  SessionWatcher ??= withQueryClient(watcher.SessionWatcher);
};

/** True once SessionWatcher is loaded, which starts after the first render. */
function useIsSessionWatcherLoaded() {
  const [isLoaded, setIsLoaded] = useState(false);
  useEffect(() => {
    let isMounted = true;
    void loadSessionWatcher().then(() => isMounted && setIsLoaded(true));
    return () => {
      isMounted = false;
    };
  }, []);
  return isLoaded;
}

const t = publicTexts.nav;

const homeSections = [
  { hash: '#accueil', label: t.accueil },
  { hash: '#simuler', label: t.simuler },
  { hash: '#creer-compte', label: t.creerCompte, isForVisitors: true },
  { hash: '#connexion', label: t.connexion, isForVisitors: true },
  { hash: '#contact', label: t.contact },
];

const pages = [
  { to: paths.quiSommesNous, label: t.quiSommesNous },
  { to: paths.commentCaMarche, label: t.commentCaMarche },
  { to: paths.faq, label: t.faq },
];

/**
 * On small screens the menu is a disclosure: the toggle says whether it is open
 * (aria-expanded), Escape or a click outside closes it and gives focus back to the toggle,
 * and following a link closes it.
 */
function useDisclosureMenu() {
  const [isOpen, setIsOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();

  // A new page or section closes the menu.
  const [lastLocation, setLastLocation] = useState(location);
  if (lastLocation !== location) {
    setLastLocation(location);
    setIsOpen(false);
  }

  useEscapeToClose(isOpen, setIsOpen, toggleRef);
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (navRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  return { isOpen, toggle: () => setIsOpen((open) => !open), toggleRef, navRef };
}

/** "Fermer le menu" for assistive technologies, a shorter "Fermer" on screen (phones are narrow). */
function CloseLabel() {
  const [visible, ...rest] = t.closeMenu.split(' ');
  return (
    <>
      {visible}
      <span className="visually-hidden"> {rest.join(' ')}</span>
    </>
  );
}

export function SiteHeader() {
  const { isOpen, toggle, toggleRef, navRef } = useDisclosureMenu();
  const menuId = useId();
  // Unknown (undefined) until the session is read, as on the server: the visitors' menu.
  const [user, setUser] = useState<SessionUser>();
  const isWatcherLoaded = useIsSessionWatcherLoaded();
  const { business } = usePublicConfig();

  return (
    <header className={styles.header}>
      {isWatcherLoaded && SessionWatcher ? <SessionWatcher onChange={setUser} /> : null}
      <a className={styles.skipLink} href="#contenu">
        {t.skipLink}
      </a>
      <div className={`container ${styles.headerInner}`}>
        <Link to={paths.home} className={styles.brand}>
          <img className={styles.logo} src="/favicon.svg" alt="" width={32} height={32} />
          {business.name}
        </Link>
        <button ref={toggleRef} type="button" className={styles.menuToggle} aria-expanded={isOpen} aria-controls={menuId} onClick={toggle}>
          <span aria-hidden="true" className={isOpen ? styles.cross : styles.burger} />
          {isOpen ? <CloseLabel /> : t.menu}
        </button>
        <nav ref={navRef} id={menuId} aria-label={t.mainMenu} className={`${styles.nav} ${isOpen ? styles.navOpen : ''}`}>
          <ul className={styles.navList}>
            {/* Signed in, the sign-up and login sections have nothing to offer. */}
            {homeSections
              .filter((section) => !(user && 'isForVisitors' in section))
              .map((section) => (
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
                    {user.role === 'admin' ? texts.headerAdmin : texts.headerEspaceClient}
                  </NavLink>
                </li>
                <li>
                  {/* Until its code arrives, the same button, inert: in a menu aligned right, a
                      button appearing late would move the links before it under the finger. */}
                  <Suspense
                    fallback={
                      <button type="button" className={styles.logout} disabled>
                        {texts.logout}
                      </button>
                    }
                  >
                    <LogoutButton appearance="header" className={styles.logout} />
                  </Suspense>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </div>
    </header>
  );
}
