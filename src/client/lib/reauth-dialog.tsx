import { useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { twoFactorRoutes } from '#domain/api-paths.ts';
import { twoFactorTexts as t } from '#domain/texts/security.ts';
import { Button } from '#client/ui/button.tsx';
import { Dialog } from '#client/ui/dialog.tsx';
import { CodeField, TextField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { api, ApiError } from './api.ts';
import styles from '#client/ui/ui.module.css';

type ReauthDialogProps = {
  /** Sends the password or the code; rejects with the French reason when it is refused. */
  submit: (proof: { motDePasse?: string; code?: string }) => Promise<void>;
  onClose: (isConfirmed: boolean) => void;
};

/** Asks for the password, or a code of the app, before a sensitive action (the server's 403 `reauthentication_required`). */
export function ReauthDialog({ submit, onClose }: ReauthDialogProps) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const proof = password ? { motDePasse: password } : code.trim() ? { code: code.replace(/\s/g, '') } : null;
    if (!proof) return setError(t.reauthMissing);
    setIsBusy(true);
    setError(null);
    try {
      await submit(proof);
      onClose(true);
    } catch (failure) {
      setError((failure as Error).message);
      setIsBusy(false);
    }
  }

  return (
    <Dialog isOpen title={t.reauthTitle} onCancel={() => onClose(false)}>
      <form onSubmit={onSubmit} noValidate>
        <p>{t.reauthIntro}</p>
        <TextField
          label={t.reauthPassword}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus
        />
        <CodeField label={t.reauthCode} value={code} onChange={setCode} />
        {error ? <Message kind="error">{error}</Message> : null}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onClose(false)}>
            {t.reauthCancel}
          </Button>
          <Button type="submit" isBusy={isBusy}>
            {t.reauthSubmit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

let pending: Promise<boolean> | null = null;

/**
 * Shows the dialog on top of the page (its own React root: any screen's action can ask) and
 * resolves true once the server accepted the password or code, false when the user cancels.
 * Several refused requests at once share one dialog.
 */
export function askReauthentication(submit: ReauthDialogProps['submit']): Promise<boolean> {
  pending ??= new Promise<boolean>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const close = (isConfirmed: boolean) => {
      root.unmount();
      host.remove();
      pending = null;
      resolve(isConfirmed);
    };
    root.render(<ReauthDialog submit={submit} onClose={close} />);
  });
  return pending;
}

/**
 * Runs a sensitive request (deleting a quote, issuing an invoice or a credit note, changing
 * the second factor). Refused because the password is a few minutes old (403
 * `reauthentication_required`), it opens the dialog that asks for the password or a code,
 * then sends the request once more; cancelled, the refusal stands. Callers import this
 * module lazily (`sensitive` in their api files): it stays out of every page's chunk list.
 */
export async function withReauthentication<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'reauthentication_required') throw error;
    const proof = async (body: object) => {
      await api(twoFactorRoutes.reauthenticate, { body });
    };
    if (!(await askReauthentication(proof))) throw error;
    return request();
  }
}
