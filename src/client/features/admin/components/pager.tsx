import { adminTexts } from '#domain/texts/admin.ts';
import { Button } from '#client/ui/button.tsx';
import styles from './admin.module.css';

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav className={styles.pager} aria-label={adminTexts.pagination}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {adminTexts.previousPage}
      </Button>
      <span aria-current="page">{adminTexts.pageOf(page, pages)}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {adminTexts.nextPage}
      </Button>
    </nav>
  );
}
