import { ereportingTexts } from '#domain/texts/einvoicing.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { EreportingView } from '#client/features/einvoicing/components/ereporting-view.tsx';

/** /admin/e-reporting: the reports of sales to private customers and of payments, and what applies. */
export function AdminEReportingPage() {
  return (
    <AdminSubpage title={ereportingTexts.title}>
      <EreportingView />
    </AdminSubpage>
  );
}
