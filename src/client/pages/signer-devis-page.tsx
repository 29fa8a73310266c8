import { Link, useParams } from 'react-router';
import { paths } from '#domain/paths.ts';
import { signatureTexts as s } from '#domain/texts/signature.ts';
import { texts } from '#domain/texts/common.ts';
import { formatDay } from '#domain/format.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { MyInvoices } from '#client/features/invoices/components/my-invoices.tsx';
import { useSigningView } from '#client/features/signature/api/get-signing-view.ts';
import { SignedNotice, SigningForm } from '#client/features/signature/components/signing-form.tsx';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';

/**
 * /devis/{id}/signer: the customer reads the quote sent and signs it, on a phone or a computer.
 * Once it is signed, the quote's invoices follow (the deposit invoice issued at signing, with
 * « Payer »: signing refreshes every query but its own).
 */
export function SignerDevisPage() {
  const { id = '' } = useParams();
  const query = useSigningView(id);
  const view = query.data;
  const back = (
    <p>
      <Link to={paths.devis(id)}>{s.backToQuote}</Link>
    </p>
  );
  if (query.isPending) {
    return (
      <Page title={s.pageTitle}>
        <p role="status">{texts.loading}</p>
      </Page>
    );
  }
  if (!view) {
    return (
      <Page title={texts.quoteNotFound}>
        <Message kind="error">{texts.quoteNotFound}</Message>
        {back}
      </Page>
    );
  }
  const expired = view.peutSigner && view.expire;
  return (
    <Page title={s.pageTitle} heading={s.heading(view.numeroDevis)}>
      {expired ? (
        <>
          <Message kind="error">{l.expired(formatDay(view.valableJusquAu))}</Message>
          <p>
            <Link to={{ pathname: paths.home, hash: '#contact' }}>{l.askNewQuote}</Link>
          </p>
        </>
      ) : view.peutSigner ? (
        <>
          <p>{s.intro}</p>
          <SigningForm view={view} />
        </>
      ) : view.devisSigneURL ? (
        <SignedNotice url={view.devisSigneURL} signature={view.signature} />
      ) : (
        <Message kind="info">{s.notSignable}</Message>
      )}
      {expired ? null : <MyInvoices devisId={id} />}
      {back}
    </Page>
  );
}
