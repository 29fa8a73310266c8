import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { adminNavSections, type AdminNavName } from '#domain/paths.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { adminHomeTexts as t, adminNavLabels } from '#domain/texts/admin-home.ts';
import { useEscapeToClose } from '#client/lib/use-escape-to-close.ts';
import { useLogout } from '#client/lib/use-logout.ts';
import styles from './admin-nav.module.css';

const daily = adminNavSections.filter((section) => section.nav === 'daily');
const more = adminNavSections.filter((section) => section.nav === 'more');

/** The section a page belongs to: the one whose address is the longest start of the page's. */
export function currentSection(pathname: string): AdminNavName | null {
  let best: (typeof adminNavSections)[number] | null = null;
  for (const section of adminNavSections) {
    const isWithin = pathname === section.path || pathname.startsWith(`${section.path}/`);
    if (isWithin && (!best || section.path.length > best.path.length)) best = section;
  }
  return best?.name ?? null;
}

/**
 * The back office's navigation, on every page of it: the daily sections in a bar (at the
 * bottom of a phone, under the thumb), the others behind « Plus », with the logout. Its
 * sections are the route table's (`nav`): a page declared there appears here.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const current = currentSection(pathname);
  const [isOpen, setIsOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(pathname);
  const { logout, isBusy } = useLogout();
  const sheetId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  // A navigation closes « Plus » (during render: the page changed under it).
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    setIsOpen(false);
  }
  useEscapeToClose(isOpen, setIsOpen, toggle);

  const isMoreCurrent = more.some((section) => section.name === current);
  return (
    <nav className={styles.nav} aria-label={t.navLabel}>
      {isOpen ? (
        <ul className={styles.sheet} id={sheetId}>
          {more.map((section) => (
            <li key={section.name}>
              <Link
                className={styles.sheetLink}
                to={section.path}
                aria-current={section.name === current ? 'page' : undefined}
                // Closed at the tap, not once the next page has arrived (its code may still be loading).
                onClick={() => setIsOpen(false)}
              >
                {adminNavLabels[section.name]}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className={styles.sheetLink} onClick={logout} disabled={isBusy}>
              {adminTexts.logout}
            </button>
          </li>
        </ul>
      ) : null}
      <ul className={styles.bar}>
        {daily.map((section) => (
          <li key={section.name}>
            <Link className={styles.tab} to={section.path} aria-current={section.name === current ? 'page' : undefined}>
              {adminNavLabels[section.name]}
            </Link>
          </li>
        ))}
        <li>
          <button
            ref={toggle}
            type="button"
            className={styles.tab}
            aria-expanded={isOpen}
            aria-controls={isOpen ? sheetId : undefined}
            aria-label={t.moreLabel}
            data-current={isMoreCurrent || undefined}
            onClick={() => setIsOpen((open) => !open)}
          >
            {t.more}
          </button>
        </li>
      </ul>
    </nav>
  );
}
