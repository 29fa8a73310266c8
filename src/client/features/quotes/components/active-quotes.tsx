import { useId, useState } from 'react';
import type { Devis } from '#domain/schemas/devis.ts';
import { texts } from '#domain/texts/common.ts';
import { quoteTexts as t } from '#domain/texts/quotes.ts';
import { TextField } from '#client/ui/field.tsx';
import { useDebounced } from '#client/lib/use-debounced.ts';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useArchiveDevis } from '../api/archive-devis.ts';
import { useDevisList } from '../api/get-devis-list.ts';
import { DevisCard } from './devis-card.tsx';
import { useConfirmedDelete } from './use-confirmed-delete.tsx';
import styles from './quotes.module.css';

/** "Mes devis": search, the active quotes as cards, archive and delete with confirmation. */
export function ActiveQuotes() {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search, 250);
  const list = useDevisList(query);
  const archive = useArchiveDevis();
  const toast = useToast();
  const deletion = useConfirmedDelete(t.confirmDelete);

  const onArchive = (devis: Devis) => toast.report(() => archive.mutateAsync(devis.id), t.archived, t.archiveFailure);

  const devis = list.data?.devis ?? [];
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{t.myQuotes}</h2>
      <div className={styles.search}>
        <TextField
          label={t.searchLabel}
          hint={t.searchHint}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
          maxLength={200}
        />
      </div>
      {list.isPending ? (
        <p role="status">{texts.loadingQuotes}</p>
      ) : list.isError ? (
        <Message kind="error">{list.error.message}</Message>
      ) : devis.length === 0 ? (
        <p role="status">{texts.noActiveQuotes}</p>
      ) : (
        <ul className={styles.list} aria-busy={list.isFetching || undefined}>
          {devis.map((item) => (
            <li key={item.id}>
              <DevisCard
                devis={item}
                isBusy={(archive.isPending && archive.variables === item.id) || deletion.isDeleting(item.id)}
                onArchive={onArchive}
                onDelete={deletion.askToDelete}
              />
            </li>
          ))}
        </ul>
      )}
      {deletion.dialog}
    </section>
  );
}
