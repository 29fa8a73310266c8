import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { privacyTexts as p } from '#domain/texts/privacy.ts';
import { messageOf } from '#client/lib/api.ts';
import { clearCompletionDrafts } from '#client/lib/completion-draft.ts';
import { Button } from '#client/ui/button.tsx';
import { ConfirmDialog } from '#client/ui/dialog.tsx';
import { TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import ui from '#client/ui/ui.module.css';
import { MY_DATA_URL, useDeleteAccount } from '../api/use-delete-account.ts';

/** Where the customer lands once his account is gone: the login page, with a message. */
export const DELETED_LANDING = `${paths.connexion}?compte=supprime`;

/**
 * « Mes données personnelles » in the customer's area: download everything held about the
 * account, or delete it after typing the password in a confirmation dialog. The server
 * decides (wrong password, a quote envoyé or en cours, the administrator); its French
 * message is shown in the dialog.
 */
export function PrivacySection() {
  const headingId = useId();
  const [isAsking, setIsAsking] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();

  const close = () => {
    setIsAsking(false);
    setPassword('');
    remove.reset();
  };
  const confirm = async () => {
    if (password === '') return;
    try {
      await remove.mutateAsync(password);
    } catch {
      return; // the dialog shows the server's message (remove.error)
    }
    clearCompletionDrafts();
    // A full page load: every cached query of the account goes with it.
    window.location.assign(DELETED_LANDING);
  };

  return (
    <section id="mes-donnees" aria-labelledby={headingId}>
      <h2 id={headingId}>{p.sectionTitle}</h2>
      <p>
        {p.sectionIntro} <Link to={paths.confidentialite}>{p.policyLink}</Link>
      </p>
      <p>
        <a className={`${ui.button} ${ui.secondary}`} href={MY_DATA_URL} download>
          {p.download}
        </a>{' '}
        <Button variant="danger" onClick={() => setIsAsking(true)}>
          {p.deleteAccount}
        </Button>
      </p>
      <ConfirmDialog
        isOpen={isAsking}
        title={p.deleteTitle}
        confirmLabel={p.deleteConfirm}
        cancelLabel={p.cancel}
        isDanger
        isBusy={remove.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        <p>{p.deleteWarning}</p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <TextField
            label={p.deletePasswordLabel}
            type="password"
            autoComplete="current-password"
            value={password}
            required
            onChange={(event) => setPassword(event.target.value)}
          />
        </form>
        {remove.isError ? <Message kind="error">{messageOf(remove.error)}</Message> : null}
      </ConfirmDialog>
    </section>
  );
}
