import { purchaseTexts } from '#domain/texts/einvoicing.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { PurchaseList } from '#client/features/einvoicing/components/purchase-list.tsx';
import { useMissionChoices } from '#client/features/missions/api/use-planning.ts';

/** /admin/achats: supplier invoices received through the approved platform, each one an expense of a current mission or a general one. */
export function AdminAchatsPage() {
  const missions = useMissionChoices();
  return (
    <AdminSubpage title={purchaseTexts.title}>
      <PurchaseList missions={missions} />
    </AdminSubpage>
  );
}
