import { useState, type FormEvent } from 'react';
import type { TwoFactorSetup as Setup } from '#domain/schemas/two-factor.ts';
import { twoFactorTexts as t } from '#domain/texts/security.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { CodeField } from '#client/ui/field.tsx';
import { Message } from '#client/ui/message.tsx';
import { beginTwoFactorSetup, confirmTwoFactorSetup } from '../api/two-factor-api.ts';
import ui from '#client/ui/ui.module.css';
import styles from './two-factor.module.css';

/** The ten backup codes, shown once, until the user says they are kept. */
export function BackupCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="codes-secours">
      <h2 id="codes-secours">{t.backupCodesTitle}</h2>
      <p>{t.backupCodesIntro}</p>
      <ul className={styles.codes} aria-label={t.backupCodesTitle}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={ui.buttonRow}>
        <Button onClick={onDone}>{t.backupCodesDone}</Button>
      </div>
    </section>
  );
}

/**
 * Setting up the app: a new key (QR code and text), confirmed by a first code; then the ten
 * backup codes, shown once. `onDone` runs when the user has kept them.
 */
export function TwoFactorSetup({ onDone, intro }: { onDone: () => void; intro?: string }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function start() {
    setError(null);
    setIsBusy(true);
    try {
      setSetup(await beginTwoFactorSetup());
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setIsBusy(false);
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const value = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(value)) return setError(t.codeFormat);
    setError(null);
    setIsBusy(true);
    try {
      setCodes((await confirmTwoFactorSetup(value)).codesSecours);
    } catch (failure) {
      setError(messageOf(failure));
      setCode('');
    } finally {
      setIsBusy(false);
    }
  }

  if (codes) return <BackupCodesList codes={codes} onDone={onDone} />;
  if (!setup) {
    return (
      <div className={styles.form}>
        {intro ? <p>{intro}</p> : null}
        <div className={ui.buttonRow}>
          <Button onClick={() => void start()} isBusy={isBusy}>
            {t.setupStart}
          </Button>
        </div>
        {error ? <Message kind="error">{error}</Message> : null}
      </div>
    );
  }
  return (
    <form className={styles.form} onSubmit={confirm} noValidate aria-label={t.setupTitle}>
      <p>{t.setupScan}</p>
      <img className={styles.qr} src={setup.qrCode} alt={t.qrAlt} width={256} height={256} />
      <p>{t.setupManual}</p>
      <p className={styles.secret} aria-label={t.setupSecretLabel} data-testid="totp-secret">
        {setup.secret}
      </p>
      <p>{t.setupConfirm}</p>
      <CodeField label={t.fieldCode} name="code" required value={code} onChange={setCode} />
      <div className={ui.buttonRow}>
        <Button type="submit" isBusy={isBusy}>
          {t.setupConfirmSubmit}
        </Button>
      </div>
      {error ? <Message kind="error">{error}</Message> : null}
    </form>
  );
}
