import type { Devis } from '#domain/schemas/devis.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { ApiError } from '#client/lib/api.ts';
import { formatParisDateTime } from '#domain/format.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useRetryMail } from '../api/use-retry-mail.ts';
import styles from './admin.module.css';

/** Where the quote's e-mail for signature stands, and « Réessayer l’envoi » while it has not gone. */
export function MailState({ devis }: { devis: Pick<Devis, 'id' | 'statut' | 'envoi'> }) {
  const retry = useRetryMail();
  const toast = useToast();
  const { envoi } = devis;
  // A quote confirmed before the outbox existed may have no message: it can be queued anew.
  if (!envoi && devis.statut !== 'confirmé') return null;
  const canRetry = !envoi || envoi.etat === 'échec' || envoi.etat === 'en attente' || envoi.etat === 'annulé';
  const onRetry = () =>
    toast.report(
      () => retry.mutateAsync(devis.id),
      adminTexts.mailRetryDone,
      (error) => (error instanceof ApiError ? error.message : adminTexts.actionFailure),
    );

  return (
    <section className={styles.mailState} aria-labelledby={`envoi-${devis.id}`}>
      <h3 id={`envoi-${devis.id}`}>{adminTexts.mailStateTitle}</h3>
      {envoi?.etat === 'envoyé' && envoi.envoyeLe ? (
        <Message kind="success">{adminTexts.mailSent(formatParisDateTime(envoi.envoyeLe))}</Message>
      ) : null}
      {envoi?.etat === 'en attente' ? (
        <Message kind="info">
          {adminTexts.mailPending}
          {envoi.tentatives > 0 && envoi.prochainEssai ? ` — ${adminTexts.mailNextTry(formatParisDateTime(envoi.prochainEssai))}` : null}
        </Message>
      ) : null}
      {envoi?.etat === 'échec' ? <Message kind="error">{adminTexts.mailFailed}</Message> : null}
      {envoi?.etat === 'annulé' || !envoi ? <Message kind="info">{adminTexts.mailCancelled}</Message> : null}
      {envoi && envoi.tentatives > 0 && envoi.etat !== 'envoyé' ? (
        <p className={styles.mailDetail}>
          {adminTexts.mailAttempts(envoi.tentatives)}
          {envoi.erreur ? ` · ${adminTexts.mailLastError(envoi.erreur)}` : null}
        </p>
      ) : null}
      {canRetry && devis.statut === 'confirmé' ? (
        <Button variant="secondary" onClick={onRetry} isBusy={retry.isPending}>
          {adminTexts.mailRetry}
        </Button>
      ) : null}
    </section>
  );
}
