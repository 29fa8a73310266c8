import { bankPageTexts } from '#domain/texts/payments.ts';
import { BankView } from '#client/features/payments/components/bank-view.tsx';
import { AdminPageWithMissions } from './admin-page-with-missions.tsx';

/** /admin/banque: bank statements imported and matched to the invoices, debits recorded as expenses (of the planning's missions). */
export function AdminBanquePage() {
  return <AdminPageWithMissions title={bankPageTexts.title}>{(missions) => <BankView missions={missions} />}</AdminPageWithMissions>;
}
