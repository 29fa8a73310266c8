import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { ExpensesView } from '#client/features/expenses/components/expenses-view.tsx';
import { OFFLINE_DATA_URLS, useMissionChoices } from '#client/features/missions/api/use-planning.ts';
import { useOfflineReady } from '#client/lib/use-offline-ready.ts';
import { paths } from '#domain/paths.ts';

/**
 * /admin/depenses: the expenses by month, « Ajouter une dépense » (offline too: the page and the
 * planning, whose missions it offers, are kept by the service worker).
 */
export function AdminDepensesPage() {
  const missions = useMissionChoices();
  const readiness = useOfflineReady([paths.adminDepenses, ...OFFLINE_DATA_URLS]);
  return (
    <AdminSubpage title={t.title}>
      <ExpensesView missions={missions} readiness={readiness} />
    </AdminSubpage>
  );
}
