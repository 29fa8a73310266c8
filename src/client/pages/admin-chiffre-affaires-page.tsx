import { invoiceTexts } from '#domain/texts/invoices.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { RevenueView } from '#client/features/invoices/components/revenue-view.tsx';

/** /admin/chiffre-affaires: the revenue collected per month and quarter, against the annual ceiling; CSV export. */
export function AdminChiffreAffairesPage() {
  return (
    <AdminSubpage title={invoiceTexts.revenueTitle}>
      <RevenueView />
    </AdminSubpage>
  );
}
