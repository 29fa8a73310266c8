import { useState } from 'react';
import { Link } from 'react-router';
import { DEPOSIT_ON_CANCELLATION, type DepositOnCancellation, type DevisSummary } from '#domain/schemas/admin.ts';
import type { Devis, HistoriqueEntry } from '#domain/schemas/devis.ts';
import { paths } from '#domain/paths.ts';
import { formatDay, parisToday } from '#domain/format.ts';
import { cancellationRequestedAt, depositKeepRefusal, isQuoteExpired } from '#domain/legal.ts';
import { canApplyToQuote, type QuoteAction } from '#domain/statuses.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { depositCancellationTexts as k } from '#domain/texts/payments.ts';
import { ApiError } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { ConfirmDialog } from '#client/ui/dialog.tsx';
import { RadioGroupField } from '#client/ui/field.tsx';
import { useToast } from '#client/ui/toast.tsx';
import ui from '#client/ui/ui.module.css';
import { useQuoteAction, type SimpleAction } from '../api/use-quote-action.ts';
import styles from './admin.module.css';

const linkButton = `${ui.button} ${ui.secondary}`;

const doneMessage: Record<SimpleAction, string> = {
  'confirmer-signe': adminTexts.confirmSignedDone,
  terminer: adminTexts.finishDone,
  archiver: adminTexts.archiveDone,
  restaurer: adminTexts.restoreDone,
  supprimer: adminTexts.deleteDone,
  prolonger: legalTexts.extendDone,
};

type QuoteActionsProps = {
  /** With its history (the edit page), a quote signed online offers no paper upload: the server would refuse it. */
  devis: Pick<DevisSummary, 'id' | 'numeroDevis' | 'statut' | 'devisSigneURL'> & {
    historique?: (Pick<HistoriqueEntry, 'event'> & Partial<Pick<HistoriqueEntry, 'at'>>)[];
    /** With it (the edit page), the deletion's dialog says what the terms make of the deposit on the day the customer asked to cancel. */
    datePriseEnCharge?: Devis['datePriseEnCharge'];
    /** With it (the edit page), a quote sent past this day may be extended or archived (legal/). */
    valableJusquAu?: string | null;
    /** With a deposit, a signed mission's deletion asks whether it is given back or kept (general terms, article 13). */
    acomptePourcent?: number | null;
  };
  /** Where the quote is shown: the edit page does not link to itself. */
  context?: 'list' | 'edit' | 'archives';
  onDeleted?: () => void;
};

/** What the terms (article 13) make of the deposit, counted from the day the customer asked to cancel. */
function customerRequest(askedAt: string, pickupDay: string | null) {
  const askedOn = parisToday(new Date(askedAt));
  const keep = depositKeepRefusal({ pickupDay, today: askedOn, withdrawalUntil: null }) === null;
  return k.customerAsked(formatDay(askedOn), pickupDay ? formatDay(pickupDay) : null, keep);
}

/** The actions the transition table allows for this quote, and nothing else. */
export function QuoteActions({ devis, context = 'list', onDeleted }: QuoteActionsProps) {
  const action = useQuoteAction();
  const toast = useToast();
  const [isDeleting, setIsDeleting] = useState(false);
  const [acompte, setAcompte] = useState<DepositOnCancellation>('rembourser');
  const asksDeposit = devis.statut === 'en cours' && (devis.acomptePourcent ?? 0) > 0;
  const askedAt = cancellationRequestedAt(devis.historique);
  const can = (name: QuoteAction) => canApplyToQuote('admin', name, devis);
  const isSignedOnline = devis.historique?.some((entry) => entry.event === 'signé en ligne') ?? false;
  // A quote sent is an offer open until its validity date: only past it may it be extended or archived.
  const isOpenOffer = devis.statut === 'envoyé' && !isQuoteExpired(devis.valableJusquAu ?? null);

  // mutateAsync, not mutate's callbacks: the refetch after an archive, a restore or a deletion
  // takes the quote out of the list it was in, which unmounts these actions, and callbacks
  // given to mutate() never run once their component is gone.
  const run = async (name: SimpleAction) => {
    try {
      await action.mutateAsync({ id: devis.id, action: name, acompte: name === 'supprimer' && asksDeposit ? acompte : 'rembourser' });
    } catch (error) {
      toast.show(error instanceof ApiError ? `${adminTexts.actionFailure} ${error.message}` : adminTexts.actionFailure, 'error');
      setIsDeleting(false);
      return;
    }
    toast.show(doneMessage[name], 'success');
    if (name === 'supprimer') {
      setIsDeleting(false);
      onDeleted?.();
    }
  };
  const isBusy = (name: SimpleAction) => action.isPending && action.variables?.action === name;

  return (
    <div className={styles.actions}>
      {context === 'archives' ? (
        <Link className={linkButton} to={paths.adminEditDevis(devis.id)}>
          {adminTexts.view}
        </Link>
      ) : null}
      {context !== 'edit' && can('confirm') ? (
        <Link className={linkButton} to={paths.adminEditDevis(devis.id)}>
          {adminTexts.editAndConfirm}
        </Link>
      ) : null}
      {context === 'list' && !can('confirm') ? (
        <Link className={linkButton} to={paths.adminEditDevis(devis.id)}>
          {adminTexts.view}
        </Link>
      ) : null}
      {can('confirmSigned') ? (
        <Button onClick={() => run('confirmer-signe')} isBusy={isBusy('confirmer-signe')}>
          {adminTexts.confirmSigned}
        </Button>
      ) : null}
      {can('deliver') ? (
        <>
          <Link className={linkButton} to={paths.adminPriseEnCharge(devis.id)}>
            {adminTexts.pickupInspection}
          </Link>
          <Link className={linkButton} to={paths.adminLivraison(devis.id)}>
            {adminTexts.deliveryInspection}
          </Link>
        </>
      ) : null}
      {can('finish') ? (
        <Button onClick={() => run('terminer')} isBusy={isBusy('terminer')}>
          {adminTexts.finishMission}
        </Button>
      ) : null}
      {can('uploadSigned') && !isSignedOnline ? (
        <Link className={linkButton} to={paths.adminUploadSigne(devis.id)}>
          {adminTexts.uploadSigned}
        </Link>
      ) : null}
      {devis.devisSigneURL ? (
        <a className={linkButton} href={devis.devisSigneURL} download>
          {adminTexts.downloadSigned}
        </a>
      ) : null}
      {can('extend') && !isOpenOffer && devis.valableJusquAu ? (
        <Button onClick={() => run('prolonger')} isBusy={isBusy('prolonger')}>
          {legalTexts.extendButton}
        </Button>
      ) : null}
      {can('archive') && !isOpenOffer ? (
        <Button variant="secondary" onClick={() => run('archiver')} isBusy={isBusy('archiver')}>
          {adminTexts.archive}
        </Button>
      ) : null}
      {can('restore') ? (
        <Button variant="secondary" onClick={() => run('restaurer')} isBusy={isBusy('restaurer')}>
          {adminTexts.restore}
        </Button>
      ) : null}
      {can('delete') ? (
        <Button variant="danger" onClick={() => setIsDeleting(true)}>
          {adminTexts.delete}
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={isDeleting}
        title={adminTexts.deleteTitle}
        confirmLabel={adminTexts.delete}
        isDanger
        isBusy={isBusy('supprimer')}
        onConfirm={() => run('supprimer')}
        onCancel={() => setIsDeleting(false)}
      >
        <p>
          {adminTexts.pdfTitle(devis.numeroDevis)} — {adminTexts.deleteWarning}
        </p>
        {asksDeposit ? (
          <>
            <RadioGroupField
              legend={k.legend}
              name={`acompte-${devis.id}`}
              options={DEPOSIT_ON_CANCELLATION.map((value) => ({ value, label: value === 'conserver' ? k.keep : k.refund }))}
              selected={acompte}
              onChange={(event) => setAcompte(event.currentTarget.value as DepositOnCancellation)}
            />
            {askedAt ? <p>{customerRequest(askedAt, devis.datePriseEnCharge?.start?.slice(0, 10) ?? null)}</p> : null}
            <p className={ui.hint}>{k.keepHint}</p>
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
