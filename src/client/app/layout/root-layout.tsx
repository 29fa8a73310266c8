import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageMeta } from './page-meta.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import styles from './layout.module.css';

/**
 * On each navigation: scroll to the /#section anchor (or to the top of a new page), move
 * keyboard focus there so the next Tab continues from the new content. The first render
 * keeps the browser's own focus and scroll.
 */
function useNavigationEffects() {
  const { pathname, hash } = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const current = `${pathname}${hash}`;
    const isFirst = previous.current === null;
    if (previous.current === current) return;
    previous.current = current;

    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else if (!isFirst) window.scrollTo(0, 0);
    if (isFirst) return;
    (target ?? document.getElementById('contenu'))?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

export function RootLayout() {
  useNavigationEffects();
  return (
    <div className={styles.shell}>
      <PageMeta />
      <SiteHeader />
      <main id="contenu" className={styles.main} tabIndex={-1}>
        {/* A page not loaded yet: the first render waits for it (main.tsx), and a navigation keeps the page on screen meanwhile. */}
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
