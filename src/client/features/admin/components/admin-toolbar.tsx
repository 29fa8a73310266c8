import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { STATUT_FILTERS, type StatutFilter } from '#domain/schemas/admin.ts';
import { paths } from '#domain/paths.ts';
import { statutLabel } from '#domain/statuses.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { Button } from '#client/ui/button.tsx';
import { Options, SelectField, TextField } from '#client/ui/field.tsx';
import ui from '#client/ui/ui.module.css';
import { useDebounced } from '#client/lib/use-debounced.ts';
import { useLogout } from '#client/lib/use-logout.ts';
import styles from './admin.module.css';

type AdminToolbarProps = {
  q: string;
  statut: StatutFilter;
  onSearch: (q: string) => void;
  onStatut: (statut: StatutFilter) => void;
};

/** The header the spec gives /admin: search (debounced), status filter, the archives and logout (the other sections: AdminNav). */
export function AdminToolbar({ q, statut, onSearch, onStatut }: AdminToolbarProps) {
  const [text, setText] = useState(q);
  const { logout, isBusy } = useLogout();

  // The URL may change the search (back button): follow it, during render, not in an effect.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  const typed = useDebounced(text, 300, { settled: q }).trim();
  useEffect(() => {
    if (typed !== q.trim()) onSearch(typed);
  }, [typed, q, onSearch]);

  return (
    <div className={`${ui.filterBar} ${styles.toolbar}`}>
      <form
        role="search"
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <TextField
          label={adminTexts.searchLabel}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
      </form>
      <div className={styles.filter}>
        <SelectField label={adminTexts.statusFilterLabel} value={statut} onChange={(event) => onStatut(event.target.value as StatutFilter)}>
          <Options values={STATUT_FILTERS} label={(value) => (value === 'tous' ? adminTexts.statusAll : statutLabel(value))} />
        </SelectField>
      </div>
      <div className={styles.toolbarLinks}>
        <Link className={`${ui.button} ${ui.secondary}`} to={paths.adminDevisArchives}>
          {adminTexts.archivesLink}
        </Link>
        <Button variant="secondary" onClick={logout} isBusy={isBusy}>
          {adminTexts.logout}
        </Button>
      </div>
    </div>
  );
}
