import { marginTexts } from '#domain/texts/expenses.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { MarginView } from '#client/features/margin/components/margin-view.tsx';

/** /admin/rentabilite: a year's margin per month and by category, the least profitable missions, the expenses' CSV. */
export function AdminRentabilitePage() {
  return (
    <AdminSubpage title={marginTexts.title}>
      <MarginView />
    </AdminSubpage>
  );
}
