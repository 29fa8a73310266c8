import { useId } from 'react';
import { journalTexts as j } from '#domain/texts/sessions.ts';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { useJournal } from '../api/use-journal.ts';
import { JournalTable } from './journal-table.tsx';

/** A quote's own journal entries, on its admin page (the latest page of them). */
export function QuoteJournal({ devisId }: { devisId: string }) {
  const headingId = useId();
  const journal = useJournal({ devis: devisId });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{j.quoteTitle}</h2>
      <QueryStatus query={journal} loading={j.loading} failure={j.loadError} />
      {journal.data ? <JournalTable entries={journal.data.entrees} showQuote={false} /> : null}
    </section>
  );
}
