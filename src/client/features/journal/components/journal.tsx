import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_KINDS } from '#domain/audit.ts';
import { journalTexts as j } from '#domain/texts/sessions.ts';
import { Button } from '#client/ui/button.tsx';
import { Options, SelectField, TextField } from '#client/ui/field.tsx';
import { Pager } from '#client/ui/pager.tsx';
import { useJournal } from '../api/use-journal.ts';
import { JournalTable } from './journal-table.tsx';
import ui from '#client/ui/ui.module.css';
import { QueryStatus } from '#client/ui/query-status.tsx';
import styles from './journal.module.css';

/** /admin/journal: the whole journal, filtered by quote, account and kind (kept in the address), page by page. */
export function Journal() {
  const [params, setParams] = useSearchParams();
  const applied = {
    devis: params.get('devis') ?? '',
    compte: params.get('compte') ?? '',
    type: params.get('type') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [devis, setDevis] = useState(applied.devis);
  const [compte, setCompte] = useState(applied.compte);
  const journal = useJournal(applied);

  const typed = (value: string, set: (value: string) => void) => ({
    value,
    autoComplete: 'off',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(event.target.value),
  });
  const apply = (next: Partial<typeof applied>) => {
    const merged = { ...applied, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(merged)) if (value && !(name === 'page' && value === 1)) search.set(name, String(value));
    setParams(search);
  };

  return (
    <>
      <p>{j.intro}</p>
      <form
        className={`${ui.filterBar} ${styles.filters}`}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          apply({ devis: devis.trim(), compte: compte.trim() });
        }}
      >
        <TextField label={j.filterQuote} inputMode="numeric" {...typed(devis, setDevis)} />
        <TextField label={j.filterAccount} type="search" {...typed(compte, setCompte)} />
        <SelectField
          label={j.filterKind}
          value={applied.type}
          onChange={(event) => apply({ devis: devis.trim(), compte: compte.trim(), type: event.target.value })}
        >
          <Options values={AUDIT_KINDS} empty={j.allKinds} label={(kind) => j.kinds[kind]} />
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit">{j.apply}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDevis('');
              setCompte('');
              setParams(new URLSearchParams());
            }}
          >
            {j.reset}
          </Button>
        </div>
      </form>
      <QueryStatus query={journal} loading={j.loading} failure={j.loadError} />
      {journal.data ? (
        <>
          <p role="status">{j.total(journal.data.total)}</p>
          <JournalTable entries={journal.data.entrees} />
          {journal.data.pages > 1 ? (
            <Pager page={applied.page} pages={journal.data.pages} onPage={(page) => apply({ page })} label={j.pagination} />
          ) : null}
        </>
      ) : null}
    </>
  );
}
