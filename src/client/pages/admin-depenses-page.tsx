import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { missionTexts as m } from '#domain/texts/missions.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { ExpensesView } from '#client/features/expenses/components/expenses-view.tsx';
import { usePlanning } from '#client/features/missions/api/use-planning.ts';

/** /admin/depenses: the expenses by month, « Ajouter une dépense » (offline too); the missions to choose from are the planning's. */
export function AdminDepensesPage() {
  const planning = usePlanning();
  const missions = (planning.data?.groupes ?? []).flatMap((group) =>
    group.missions.map((mission) => ({
      id: mission.id,
      label: m.missionHeading(mission.numeroDevis, `${mission.adresseDepart} → ${mission.adresseArrivee}`),
    })),
  );
  return (
    <AdminSubpage title={t.title}>
      <ExpensesView missions={missions} />
    </AdminSubpage>
  );
}
