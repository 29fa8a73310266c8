import { missionTexts as m } from '#domain/texts-missions.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { Planning } from '#client/features/missions/components/planning.tsx';

/** /admin/missions: the missions to carry out, by wished pickup day, and the calendar feed. */
export function AdminMissionsPage() {
  return (
    <AdminSubpage title={m.planningTitle}>
      <Planning />
    </AdminSubpage>
  );
}
