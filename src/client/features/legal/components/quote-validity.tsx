import { Link } from 'react-router';
import { formatDay } from '#domain/format.ts';
import { isQuoteExpired } from '#domain/legal.ts';
import { paths } from '#domain/paths.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { canApply } from '#domain/statuses.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { Message } from '#client/ui/message.tsx';

/**
 * « Devis valable jusqu’au … » on a quote waiting for its signature; once past, « Expiré » and,
 * for the customer, a way to ask for a new one (the back office extends or archives it instead).
 */
export function QuoteValidity({ devis, isBackOffice = false }: { devis: Devis; isBackOffice?: boolean }) {
  if (!devis.valableJusquAu || !canApply('customer', 'sign', devis.statut)) return null;
  const day = formatDay(devis.valableJusquAu);
  if (!isQuoteExpired(devis.valableJusquAu)) return <p>{l.validUntil(day)}</p>;
  return (
    <Message kind="error">
      <strong>{l.expiredBadge}</strong> – {l.expired(day)}.{' '}
      {isBackOffice ? null : <Link to={{ pathname: paths.home, hash: '#contact' }}>{l.askNewQuote}</Link>}
    </Message>
  );
}
