import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { STATUT_FILTERS, type StatutFilter } from '#domain/schemas/admin.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { AdminToolbar } from '#client/features/admin/components/admin-toolbar.tsx';
import { Pager } from '#client/ui/pager.tsx';
import { QuoteGroups } from '#client/features/admin/components/quote-groups.tsx';
import styles from '#client/features/admin/components/admin.module.css';
import { useAdminQuotes } from '#client/features/admin/api/use-admin-quotes.ts';
import { AFaire } from '#client/features/admin-home/components/a-faire.tsx';
import { useWaitingInspections } from '#client/features/missions/offline/use-waiting-inspections.ts';
import { Page } from '#client/ui/page.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';

/** /admin: « À faire », then every quote grouped by client e-mail; search, filter and page live in the URL. */
export function AdminPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const statutParam = params.get('statut') ?? 'tous';
  const statut: StatutFilter = (STATUT_FILTERS as readonly string[]).includes(statutParam) ? (statutParam as StatutFilter) : 'tous';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useAdminQuotes({ q, statut, page });
  const waitingInspections = useWaitingInspections();

  const update = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || (key === 'statut' && value === 'tous') || (key === 'page' && value === '1')) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((value: string) => update({ q: value, page: '1' }), [update]);
  const onStatut = useCallback((value: StatutFilter) => update({ statut: value, page: '1' }), [update]);

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalGroups / data.groupsPerPage)) : 1;
  return (
    <Page title={adminTexts.adminTitle}>
      <AFaire inspections={waitingInspections} />
      <AdminToolbar q={q} statut={statut} onSearch={onSearch} onStatut={onStatut} />
      <QueryStatus query={list} loading={texts.loadingQuotes} failure={list.error?.message} />
      {data ? (
        <div aria-busy={list.isFetching || undefined}>
          <p className={styles.summary} role="status">
            {adminTexts.summary(data.totalDevis, data.totalGroups)}
          </p>
          {data.groups.length === 0 ? <p>{q || statut !== 'tous' ? adminTexts.noGroups : texts.noActiveQuotes}</p> : null}
          <QuoteGroups groups={data.groups} filter={{ q, statut }} />
          {pages > 1 ? (
            <Pager page={page} pages={pages} onPage={(value) => update({ page: String(value) })} label={adminTexts.pagination} />
          ) : null}
        </div>
      ) : null}
    </Page>
  );
}
