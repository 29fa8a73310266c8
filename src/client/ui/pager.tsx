import { texts } from '#domain/texts/common.ts';
import { Button } from './button.tsx';
import styles from './ui.module.css';

/** « Page précédente · Page 2 sur 5 · Page suivante » under a paged list; `label` names the list for screen readers. */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {texts.previousPage}
      </Button>
      <span aria-current="page">{texts.pageOf(page, pages)}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {texts.nextPage}
      </Button>
    </nav>
  );
}
