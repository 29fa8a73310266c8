import { purchaseTexts } from '#domain/texts/einvoicing.ts';
import { PurchaseList } from '#client/features/einvoicing/components/purchase-list.tsx';
import { AdminPageWithMissions } from './admin-page-with-missions.tsx';

/** /admin/achats: supplier invoices received through the approved platform, each one an expense of a current mission or a general one. */
export function AdminAchatsPage() {
  return <AdminPageWithMissions title={purchaseTexts.title}>{(missions) => <PurchaseList missions={missions} />}</AdminPageWithMissions>;
}
