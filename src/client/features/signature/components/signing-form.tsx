import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { hasInk, type SignatureDrawing, type SigningView } from '#domain/schemas/signature.ts';
import { CONSENT_TEXT, signatureTexts as s } from '#domain/texts/signature.ts';
import { texts } from '#domain/texts/common.ts';
import { formatDay, formatParisDateTime, formatPrice } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import { depositAtSignature } from '#domain/payments.ts';
import { legalTexts as l } from '#domain/texts/legal.ts';
import { ApiError } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CheckboxField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { SignaturePadField } from '#client/ui/signature-pad.tsx';
import { useSignDevis } from '../api/sign-devis.ts';
import { PdfPages } from './pdf-pages.tsx';
import { REFACTURATION_LABELS } from '#domain/texts/expenses.ts';
import styles from './signature.module.css';

type Problems = { name?: string; consent?: string; cgv?: string; drawing?: string; form?: string };

/** The quote as sent, what it says in short, and the form that signs it. */
export function SigningForm({ view }: { view: SigningView }) {
  const [name, setName] = useState(view.nomSignataire);
  const [consent, setConsent] = useState(false);
  const [cgvAccepted, setCgvAccepted] = useState(false);
  const [earlyStart, setEarlyStart] = useState(false);
  const [drawing, setDrawing] = useState<SignatureDrawing | null>(null);
  const [shownSha256, setShownSha256] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const mutation = useSignDevis();
  const onShown = useCallback((sha256: string) => setShownSha256(sha256), []);
  const onDrawing = useCallback((value: SignatureDrawing | null) => setDrawing(value), []);

  if (mutation.isSuccess) {
    return <SignedNotice url={mutation.data.devisSigneURL} justSigned />;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {};
    if (!name.trim()) found.name = s.signerNameMissing;
    if (!consent) found.consent = s.consentMissing;
    if (!cgvAccepted) found.cgv = l.cgvMissing;
    if (!hasInk(drawing)) found.drawing = s.signatureMissing;
    setProblems(found);
    if (Object.keys(found).length > 0 || !shownSha256) return;
    try {
      // Once signed, this form gives way to the signed document (mutation.isSuccess).
      await mutation.mutateAsync({
        id: view.id,
        body: {
          nomSignataire: name.trim(),
          consentement: true,
          cgvAcceptees: true,
          cgvSha256: view.cgv.sha256,
          ...(view.questionDebutAnticipe ? { debutAnticipe: earlyStart } : {}),
          signature: drawing,
          pdfSha256: shownSha256,
        },
      });
    } catch (error) {
      setProblems({ form: error instanceof ApiError ? error.message : texts.unknownError });
    }
  }

  const deposit = depositAtSignature(view);
  const clauses: string[] = [];
  if (view.clauses?.km) clauses.push(texts.clauseKm);
  if (view.clauses?.longDistance) clauses.push(texts.clauseLongDistance);
  for (const kind of view.clauses?.refacturation ?? []) clauses.push(`${REFACTURATION_LABELS[kind]}.`);
  return (
    <div className={styles.layout}>
      <section aria-labelledby="document-sent">
        <h2 id="document-sent">{s.documentTitle}</h2>
        {view.pdf ? <PdfPages url={view.pdf.url} expectedSha256={view.pdf.sha256} onShown={onShown} /> : null}
      </section>
      <div>
        <section aria-labelledby="summary" className={styles.summary}>
          <h2 id="summary">{s.summaryTitle}</h2>
          <dl>
            <dt>{s.finalPrice}</dt>
            <dd className={styles.price}>{formatPrice(view.prix)}</dd>
            <dt>{s.route}</dt>
            <dd>{`${view.adresseDepart} → ${view.adresseArrivee}`}</dd>
            <dt>{s.clausesTitle}</dt>
            <dd>{clauses.length ? clauses.join(' ') : s.noClauses}</dd>
          </dl>
          {deposit ? <p className={styles.deposit}>{deposit}</p> : null}
          {view.valableJusquAu ? <p className={styles.validity}>{l.validUntil(formatDay(view.valableJusquAu))}</p> : null}
          {view.consommateur ? (
            <p className={styles.notice}>
              {l.withdrawalNotice(null)} <Link to={paths.retractation}>{l.withdrawalFormLink}</Link>
            </p>
          ) : null}
        </section>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label={s.signerName}
            hint={s.signerNameHint}
            value={name}
            autoComplete="name"
            maxLength={120}
            onChange={(event) => setName(event.target.value)}
            error={problems.name}
          />
          <SignaturePadField label={s.drawLabel} hint={s.drawHint} clearLabel={s.clear} error={problems.drawing} onChange={onDrawing} />
          <CheckboxField label={CONSENT_TEXT} checked={consent} onChange={(event) => setConsent(event.target.checked)} />
          {problems.consent ? <p className={styles.error}>{problems.consent}</p> : null}
          <p>
            <Link to={paths.cgv} target="_blank">
              {l.cgvLink}
            </Link>
          </p>
          <CheckboxField label={l.cgvAcceptance} checked={cgvAccepted} onChange={(event) => setCgvAccepted(event.target.checked)} />
          {problems.cgv ? <p className={styles.error}>{problems.cgv}</p> : null}
          {view.questionDebutAnticipe ? (
            <>
              <CheckboxField label={l.earlyStart} checked={earlyStart} onChange={(event) => setEarlyStart(event.target.checked)} />
              <p className={styles.hint}>{l.earlyStartHint(formatDay(view.debutAuPlusTot))}</p>
            </>
          ) : null}
          {problems.form ? <Message kind="error">{problems.form}</Message> : null}
          <Button type="submit" isBusy={mutation.isPending} disabled={!shownSha256}>
            {mutation.isPending ? s.submitting : s.submit}
          </Button>
        </form>
      </div>
    </div>
  );
}

/** After signing, or on a quote signed earlier: the signed PDF at once. */
export function SignedNotice({
  url,
  signature = null,
  justSigned = false,
}: {
  url: string | null;
  signature?: SigningView['signature'];
  justSigned?: boolean;
}) {
  const text = justSigned ? s.signed : signature ? s.signedBy(signature.nom, formatParisDateTime(signature.date)) : s.alreadySignedInfo;
  return (
    <div>
      <Message kind="success">{text}</Message>
      {url ? (
        <p>
          <a href={url} download>
            {s.downloadSigned}
          </a>
        </p>
      ) : null}
    </div>
  );
}
