import { adminTexts } from '#domain/texts/admin.ts';
import { preloaded } from '#client/lib/preloaded.tsx';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';

/**
 * The planning and its feature load with the page (from the moment its module is read, beside it:
 * src/client/lib/preloaded.tsx), not before: this module stays small, so
 * that the home page's first bundle (which lists every page's chunks) does not grow with the
 * missions (BENCHMARKS.md, « JavaScript before the home page is interactive »).
 */
const Planning = preloaded(() => import('#client/features/missions/components/planning.tsx').then((module) => module.Planning));

/** /admin/missions: the missions to carry out, by wished pickup day, and the calendar feed. */
export function AdminMissionsPage() {
  return (
    <AdminSubpage title={adminTexts.missionsLink}>
      <Planning />
    </AdminSubpage>
  );
}
