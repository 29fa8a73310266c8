import { purchaseTexts } from '#domain/texts/einvoicing.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { PurchaseList } from '#client/features/einvoicing/components/purchase-list.tsx';

/** /admin/achats: supplier invoices received through the approved platform. */
export function AdminAchatsPage() {
  return (
    <AdminSubpage title={purchaseTexts.title}>
      <PurchaseList />
    </AdminSubpage>
  );
}
