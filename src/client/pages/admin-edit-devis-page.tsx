import { useNavigate, useParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { canApply } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { useAdminQuote } from '#client/features/admin/api/use-admin-quote.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { ConfirmForm } from '#client/features/admin/components/confirm-form.tsx';
import { MailState } from '#client/features/admin/components/mail-state.tsx';
import { QuoteActions } from '#client/features/admin/components/quote-actions.tsx';
import { QuoteDetails } from '#client/features/admin/components/quote-details.tsx';
import { CustomerDirectory } from '#client/features/einvoicing/components/customer-directory.tsx';
import { useMissionCosts } from '#client/features/expenses/api/use-expenses.ts';
import { QuoteInvoiceAction } from '#client/features/invoices/components/quote-invoice-action.tsx';
import { QuoteJournal } from '#client/features/journal/components/quote-journal.tsx';
import { QuoteValidity } from '#client/features/legal/components/quote-validity.tsx';

/** /admin/devis/{id}/edit: the whole quote, its history, and the confirmation form. */
export function AdminEditDevisPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const quote = useAdminQuote(id);
  const canConfirm = quote.data ? canApply('admin', 'confirm', quote.data.statut) : false;
  // The return trip and fuel the expected margin beside the final price takes off.
  const costs = useMissionCosts(id, { enabled: canConfirm });
  return (
    <AdminSubpage
      title={adminTexts.adminEditTitle}
      loading={quote.isPending && texts.loading}
      failure={quote.isError && texts.quoteNotFound}
    >
      {quote.data ? (
        <>
          <h2>{adminTexts.pdfTitle(quote.data.numeroDevis)}</h2>
          <QuoteValidity devis={quote.data} isBackOffice />
          <QuoteActions devis={quote.data} context="edit" onDeleted={() => navigate(paths.admin)} />
          <QuoteInvoiceAction devis={quote.data} />
          <MailState devis={quote.data} />
          <div style={{ marginTop: '1rem' }}>
            <QuoteDetails devis={quote.data} />
          </div>
          {quote.data.clientType === 'entreprise' ? <CustomerDirectory siret={quote.data.clientDetails?.siret} /> : null}
          {canConfirm ? <ConfirmForm key={quote.data.id} devis={quote.data} expectedCosts={costs.data} /> : null}
          <QuoteJournal devisId={quote.data.id} />
        </>
      ) : null}
    </AdminSubpage>
  );
}
