import { lazy, Suspense } from 'react';
import { journalTexts } from '#domain/texts/sessions.ts';
import { texts } from '#domain/texts/common.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';

const Journal = lazy(() => import('#client/features/journal/components/journal.tsx').then((module) => ({ default: module.Journal })));
const DevicesPanel = lazy(() =>
  import('#client/features/devices/components/devices-panel.tsx').then((module) => ({ default: module.DevicesPanel })),
);

/** /admin/journal: the audit journal, and the administrator's own devices (« Mes appareils »). */
export function AdminJournalPage() {
  return (
    <AdminSubpage title={journalTexts.title}>
      <Suspense fallback={<p role="status">{texts.loading}</p>}>
        <Journal />
        <DevicesPanel />
      </Suspense>
    </AdminSubpage>
  );
}
