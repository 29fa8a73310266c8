import type { ReactNode } from 'react';
import type { Devis } from '#domain/schemas/devis.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { Definitions } from '#client/ui/lists.tsx';
import { StatusBadge } from './status-badge.tsx';
import styles from './quotes.module.css';

type QuoteCardProps = {
  devis: Devis;
  /** h3 in the customer area, under « Mes devis »; h2 on the archives page. */
  heading: 'h2' | 'h3';
  facts: [label: string, value: ReactNode][];
  /** The actions, each labelled with <ActionLabel>. */
  children: ReactNode;
};

/** One of the customer's quotes as a card: number and status, its facts, its actions. */
export function QuoteCard({ devis, heading: Heading, facts, children }: QuoteCardProps) {
  const title = t.quoteNumber(devis.numeroDevis);
  return (
    <article className={styles.card} aria-label={title}>
      <div className={styles.cardHeader}>
        <Heading className={styles.cardTitle}>{title}</Heading>
        <StatusBadge statut={devis.statut} valableJusquAu={devis.valableJusquAu} />
      </div>
      <Definitions className={styles.facts} items={facts} />
      <div className={styles.actions}>{children}</div>
    </article>
  );
}

/** "Voir", and for screen readers which quote: « Voir – Devis n° 12 ». */
export function ActionLabel({ label, devis }: { label: string; devis: Pick<Devis, 'numeroDevis'> }) {
  return (
    <>
      {label}
      <span className="visually-hidden"> – {t.quoteNumber(devis.numeroDevis)}</span>
    </>
  );
}

export const devisRoute = (devis: Pick<Devis, 'adresseDepart' | 'adresseArrivee'>) => `${devis.adresseDepart} → ${devis.adresseArrivee}`;
