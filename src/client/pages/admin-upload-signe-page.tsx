import { Link, useParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { statutLabel } from '#domain/statuses.ts';
import { texts } from '#domain/texts.ts';
import { adminTexts } from '#domain/texts-admin.ts';
import { useAdminQuote } from '#client/features/admin/api/use-admin-quote.ts';
import { UploadForm } from '#client/features/admin/components/upload-form.tsx';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';

/** /admin/devis/{id}/upload-signe */
export function AdminUploadSignePage() {
  const { id = '' } = useParams();
  const quote = useAdminQuote(id);
  return (
    <Page title={adminTexts.uploadTitle}>
      <p>
        <Link to={paths.admin}>{adminTexts.backToAdmin}</Link>
      </p>
      {quote.isError ? <Message kind="error">{texts.quoteNotFound}</Message> : null}
      {quote.data ? (
        <p>
          {adminTexts.pdfTitle(quote.data.numeroDevis)} · {quote.data.clientDetails?.email || quote.data.email} ·{' '}
          {statutLabel(quote.data.statut)}
        </p>
      ) : null}
      <UploadForm id={id} />
    </Page>
  );
}
