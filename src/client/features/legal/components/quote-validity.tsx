import { Link } from 'react-router';
import { formatDay } from '#domain/format.ts';
import { isQuoteExpired } from '#domain/legal.ts';
import { paths } from '#domain/paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply } from '#domain/statuses.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { Message } from '#client/ui/message.tsx';

/** « Devis valable jusqu’au … » on a quote waiting for its signature; once past, « Expiré » and a way to ask for a new one. */
export function QuoteValidity({ devis }: { devis: Devis }) {
  if (!devis.valableJusquAu || !canApply('customer', 'sign', devis.statut)) return null;
  const day = formatDay(devis.valableJusquAu);
  if (!isQuoteExpired(devis.valableJusquAu)) return <p>{l.validUntil(day)}</p>;
  return (
    <Message kind="error">
      <strong>{l.expiredBadge}</strong> – {l.expired(day)}. <Link to={{ pathname: paths.home, hash: '#contact' }}>{l.askNewQuote}</Link>
    </Message>
  );
}
