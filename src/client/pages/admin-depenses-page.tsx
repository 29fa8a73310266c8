import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { ExpensesView } from '#client/features/expenses/components/expenses-view.tsx';
import { OFFLINE_DATA_URLS } from '#client/features/missions/api/use-planning.ts';
import { useOfflineReady } from '#client/lib/use-offline-ready.ts';
import { paths } from '#domain/paths.ts';
import { AdminPageWithMissions } from './admin-page-with-missions.tsx';

/**
 * /admin/depenses: the expenses by month, « Ajouter une dépense » (offline too: the page and the
 * planning, whose missions it offers, are kept by the service worker).
 */
export function AdminDepensesPage() {
  const readiness = useOfflineReady([paths.adminDepenses, ...OFFLINE_DATA_URLS]);
  return (
    <AdminPageWithMissions title={t.title}>
      {(missions) => <ExpensesView missions={missions} readiness={readiness} />}
    </AdminPageWithMissions>
  );
}
