import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { pageTitle, publicPageMeta, publicTexts } from '#domain/texts/common.ts';
import { HeroBackground } from '#client/features/public/hero-background.tsx';
import { lazyWithQueryClient } from '#client/lib/lazy-with-query-client.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { FormPlaceholder } from '#client/ui/form-placeholder.tsx';
import { Definitions, TextList } from '#client/ui/lists.tsx';
import styles from './home-page.module.css';
import { telHref } from '#client/lib/phone.ts';

// The forms load right after the first paint, with the query cache: the home page's first bundle stays small.
const Simulator = lazyWithQueryClient(() => import('#client/features/simulator/components/simulator.tsx').then((m) => m.Simulator));
const SignUpForm = lazyWithQueryClient(() => import('#client/features/accounts/components/sign-up-form.tsx').then((m) => m.SignUpForm));
const HomeLoginSection = lazyWithQueryClient(() =>
  import('#client/features/accounts/components/home-login-section.tsx').then((m) => m.HomeLoginSection),
);

/**
 * Loads a form when its section comes near the screen, or at the visitor's first sign of
 * life (a key, a touch, a scroll): on a phone on a slow network the forms' code must not
 * compete with the first paint, and a keyboard user's first Tab brings every form in. The page
 * arrives prerendered, so the visitor may scroll or Tab before these listeners exist: a page
 * already scrolled, or a focus already moved, when it hydrates counts as that sign of life.
 */
const FIRST_INTERACTIONS = ['keydown', 'pointerdown', 'touchstart', 'scroll'] as const;
const alreadyInteracted = () => window.scrollY > 0 || (document.activeElement !== null && document.activeElement !== document.body);

function DeferredForm({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [isWanted, setIsWanted] = useState(false);
  useEffect(() => {
    if (isWanted) return;
    const want = () => setIsWanted(true);
    if (alreadyInteracted()) return want();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && want(), {
      rootMargin: '200px',
    });
    if (ref.current) observer.observe(ref.current);
    for (const type of FIRST_INTERACTIONS) window.addEventListener(type, want, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of FIRST_INTERACTIONS) window.removeEventListener(type, want);
    };
  }, [isWanted]);
  return <div ref={ref}>{isWanted ? <Suspense fallback={<FormPlaceholder />}>{children}</Suspense> : <FormPlaceholder />}</div>;
}

const t = publicTexts.home;

/** A section of the home page, reached by /#id from the menu (focusable, titled by its heading). */
function HomeSection({
  id,
  className,
  title,
  lead,
  children,
}: {
  id: string;
  className?: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={className} aria-labelledby={`${id}-titre`} tabIndex={-1}>
      <h2 id={`${id}-titre`}>{title}</h2>
      <p className={styles.lead}>{lead}</p>
      {children}
    </section>
  );
}

export function HomePage() {
  const { contact, business } = usePublicConfig();
  return (
    <>
      <title>{pageTitle(publicPageMeta.home.title, business.name, true)}</title>

      <section id="accueil" className={styles.hero} aria-labelledby="accueil-titre" tabIndex={-1}>
        <HeroBackground />
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroPanel}>
            <h1 id="accueil-titre" className={styles.heroTitle}>
              {t.heroTitle}
            </h1>
            <p className={styles.heroLead}>{t.heroLead}</p>
            <p className={styles.heroActions}>
              <Link className={styles.ctaPrimary} to={{ hash: '#simuler' }}>
                {t.heroCta}
              </Link>
              <Link className={styles.ctaSecondary} to={{ hash: '#creer-compte' }}>
                {t.heroSecondaryCta}
              </Link>
            </p>
            <TextList className={styles.highlights} items={t.heroHighlights} />
          </div>
        </div>
      </section>

      <HomeSection id="simuler" className={`container ${styles.section}`} title={t.simulerTitle} lead={t.simulerLead}>
        <DeferredForm>
          <Simulator />
        </DeferredForm>
      </HomeSection>

      <div className={`container ${styles.accountGrid}`}>
        <HomeSection id="creer-compte" className={styles.card} title={t.creerCompteTitle} lead={t.creerCompteLead}>
          <DeferredForm>
            <SignUpForm />
          </DeferredForm>
        </HomeSection>
        <HomeSection id="connexion" className={styles.card} title={t.connexionTitle} lead={t.connexionLead}>
          <DeferredForm>
            <HomeLoginSection />
          </DeferredForm>
        </HomeSection>
      </div>

      <HomeSection id="contact" className={`container ${styles.section}`} title={t.contactTitle} lead={t.contactLead}>
        <Definitions
          className={styles.contactList}
          items={[
            [t.contactEmail, <a href={`mailto:${contact.email}`}>{contact.email}</a>],
            [t.contactPhone, <a href={telHref(contact.phone)}>{contact.phone}</a>],
            [t.contactAddress, business.address],
          ]}
        />
        <p>
          <Link to={paths.faq}>{publicTexts.nav.faq}</Link> · <Link to={paths.commentCaMarche}>{publicTexts.nav.commentCaMarche}</Link>
        </p>
      </HomeSection>
    </>
  );
}
