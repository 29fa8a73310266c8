import { bankPageTexts } from '#domain/texts/payments.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { useMissionChoices } from '#client/features/missions/api/use-planning.ts';
import { BankView } from '#client/features/payments/components/bank-view.tsx';

/** /admin/banque: bank statements imported and matched to the invoices, debits recorded as expenses (of the planning's missions). */
export function AdminBanquePage() {
  const missions = useMissionChoices();
  return (
    <AdminSubpage title={bankPageTexts.title}>
      <BankView missions={missions} />
    </AdminSubpage>
  );
}
