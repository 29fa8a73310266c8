import type { ReactNode } from 'react';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { useMissionChoices } from '#client/features/missions/api/use-planning.ts';

type MissionChoice = { id: string; label: string };

/**
 * The body of the back-office pages whose view offers the planning's missions as choices (the
 * purchases, the bank, the expenses): features do not import each other, so the page reads the
 * planning and hands its missions to the view.
 */
export function AdminPageWithMissions({ title, children }: { title: string; children: (missions: readonly MissionChoice[]) => ReactNode }) {
  const missions = useMissionChoices();
  return <AdminSubpage title={title}>{children(missions)}</AdminSubpage>;
}
