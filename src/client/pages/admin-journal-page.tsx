import { journalTexts } from '#domain/texts/sessions.ts';
import { preloaded } from '#client/lib/preloaded.tsx';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';

// Both load with the page, from the moment its module is read (src/client/lib/preloaded.tsx).
const Journal = preloaded(() => import('#client/features/journal/components/journal.tsx').then((module) => module.Journal));
const DevicesPanel = preloaded(() => import('#client/features/devices/components/devices-panel.tsx').then((module) => module.DevicesPanel));

/** /admin/journal: the audit journal, and the administrator's own devices (« Mes appareils »). */
export function AdminJournalPage() {
  return (
    <AdminSubpage title={journalTexts.title}>
      <Journal />
      <DevicesPanel />
    </AdminSubpage>
  );
}
