import { useId } from 'react';
import { journalTexts as j } from '#domain/texts/sessions.ts';
import { Message } from '#client/ui/message.tsx';
import { useJournal } from '../api/use-journal.ts';
import { JournalTable } from './journal-table.tsx';

/** A quote's own journal entries, on its admin page (the latest page of them). */
export function QuoteJournal({ devisId }: { devisId: string }) {
  const headingId = useId();
  const journal = useJournal({ devis: devisId });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{j.quoteTitle}</h2>
      {journal.isPending ? <p role="status">{j.loading}</p> : null}
      {journal.isError ? <Message kind="error">{j.loadError}</Message> : null}
      {journal.data ? <JournalTable entries={journal.data.entrees} showQuote={false} /> : null}
    </section>
  );
}
