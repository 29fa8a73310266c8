import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '#domain/paths.ts';
import { twoFactorTexts as t } from '#domain/texts/security.ts';
import { ApiError, messageOf } from '#client/lib/api.ts';
import { destinationAfterLogin, refreshSession } from '#client/lib/use-session.ts';
import { Button } from '#client/ui/button.tsx';
import { CodeField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { verifySignInCode } from '../api/code-step-api.ts';
import ui from '#client/ui/ui.module.css';
import styles from './code-step.module.css';

/** A refusal after which this sign-in is over: the password must be given again. */
const ENDS_SIGN_IN = new Set(['two_factor_expired', 'two_factor_too_many_attempts']);

/**
 * The second step of a sign-in, in place of the login form once the password was right: the
 * app's 6-digit code, or one of the backup codes. `from`: where the login was asked from.
 */
export function CodeStep({ from }: { from?: unknown }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ text: string; isFinal: boolean } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!value) return setError({ text: t.codeRequired, isFinal: false });
    if (kind === 'totp' && !/^\d{6}$/.test(value)) return setError({ text: t.codeFormat, isFinal: false });
    setError(null);
    setIsBusy(true);
    try {
      await verifySignInCode(kind, value);
    } catch (failure) {
      setIsBusy(false);
      setCode('');
      return setError({ text: messageOf(failure), isFinal: failure instanceof ApiError && ENDS_SIGN_IN.has(failure.code) });
    }
    const session = await refreshSession(queryClient);
    await navigate(session.user ? destinationAfterLogin(session.user.role, from) : paths.connexion, { replace: true });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t.codeStepTitle}>
      <p>{kind === 'totp' ? t.codeStepIntro : t.backupStepIntro}</p>
      <CodeField
        key={kind}
        label={kind === 'totp' ? t.fieldCode : t.fieldBackupCode}
        name="code"
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoFocus
        required
        value={code}
        onChange={setCode}
      />
      <div className={ui.buttonRow}>
        <Button type="submit" isBusy={isBusy}>
          {t.codeSubmit}
        </Button>
        <Button
          variant="link"
          onClick={() => {
            setKind(kind === 'totp' ? 'backup' : 'totp');
            setCode('');
            setError(null);
          }}
        >
          {kind === 'totp' ? t.useBackupCode : t.useAppCode}
        </Button>
      </div>
      {error ? <Message kind="error">{error.text}</Message> : null}
      {error?.isFinal ? (
        <Link to={paths.connexion} reloadDocument>
          {t.backToLogin}
        </Link>
      ) : null}
    </form>
  );
}
