import { useParams } from 'react-router';
import { statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { useAdminQuote } from '#client/features/admin/api/use-admin-quote.ts';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { UploadForm } from '#client/features/admin/components/upload-form.tsx';
import { NoBreak } from '#client/ui/keep-together.tsx';

/** /admin/devis/{id}/upload-signe */
export function AdminUploadSignePage() {
  const { id = '' } = useParams();
  const quote = useAdminQuote(id);
  return (
    <AdminSubpage title={adminTexts.uploadTitle} failure={quote.isError && texts.quoteNotFound}>
      {quote.data ? (
        <p>
          {adminTexts.pdfTitle(quote.data.numeroDevis)} · <NoBreak>{quote.data.clientDetails?.email || quote.data.email}</NoBreak> ·{' '}
          {statutLabel(quote.data.statut)}
        </p>
      ) : null}
      <UploadForm id={id} />
    </AdminSubpage>
  );
}
