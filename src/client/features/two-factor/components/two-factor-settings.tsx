import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { twoFactorTexts as t } from '#domain/texts/security.ts';
import { messageOf } from '#client/lib/api.ts';
import { refreshSession } from '#client/lib/use-session.ts';
import { Button } from '#client/ui/button.tsx';
import { Message } from '#client/ui/message.tsx';
import { disableTwoFactor, fetchTwoFactorStatus, regenerateBackupCodes } from '../api/two-factor-api.ts';
import { BackupCodesList, TwoFactorSetup } from './two-factor-setup.tsx';
import ui from '#client/ui/ui.module.css';
import styles from './two-factor.module.css';

const statusKey = ['two-factor-status'] as const;

/**
 * The account's second factor: off (set it up: optional for a customer), or on (new backup
 * codes; a customer may turn it off). Sensitive changes may ask for the password again (the
 * API client's re-authentication dialog).
 */
export function TwoFactorSettings() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: fetchTwoFactorStatus });
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: statusKey });
    await refreshSession(queryClient);
  }

  async function run(action: () => Promise<void>) {
    setNotice(null);
    setIsBusy(true);
    try {
      await action();
    } catch (failure) {
      setNotice({ kind: 'error', text: messageOf(failure) });
    } finally {
      setIsBusy(false);
    }
  }

  if (!status.data) return status.isError ? <Message kind="error">{messageOf(status.error)}</Message> : null;
  if (codes) return <BackupCodesList codes={codes} onDone={() => setCodes(null)} />;
  if (!status.data.active) {
    return (
      <>
        {notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}
        <TwoFactorSetup intro={status.data.requise ? t.setupRequiredIntro : t.disabledStatus} onDone={() => void refresh()} />
      </>
    );
  }
  return (
    <div className={styles.form}>
      <Message kind="success">{t.enabledStatus}</Message>
      <div className={ui.buttonRow}>
        <Button
          variant="secondary"
          isBusy={isBusy}
          onClick={() => void run(async () => setCodes((await regenerateBackupCodes()).codesSecours))}
        >
          {t.regenerateCodes}
        </Button>
        {status.data.requise ? null : (
          <Button
            variant="danger"
            isBusy={isBusy}
            onClick={() =>
              void run(async () => {
                await disableTwoFactor();
                setNotice({ kind: 'success', text: t.disabled });
                await refresh();
              })
            }
          >
            {t.disable}
          </Button>
        )}
      </div>
      {notice ? <Message kind={notice.kind}>{notice.text}</Message> : null}
    </div>
  );
}
