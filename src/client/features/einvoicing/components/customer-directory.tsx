import { formatParisDate } from '#domain/format.ts';
import { sirenOfSiret } from '#domain/siret.ts';
import { directoryLabels, einvoicingTexts as t } from '#domain/texts/einvoicing.ts';
import { messageOf } from '#client/lib/api.ts';
import { Button } from '#client/ui/button.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { useDirectory, useRefreshDirectory } from '../api/use-einvoicing.ts';
import styles from './einvoicing.module.css';

/**
 * A business customer in the back office: whether he receives his invoices through an approved
 * platform (« Reçoit ses factures par plateforme agréée »), as the Directory Service said on the
 * date shown; looked up again on demand. Nothing when no platform is configured.
 */
export function CustomerDirectory({ siret }: { siret: string | null | undefined }) {
  const siren = siret ? sirenOfSiret(siret) : null;
  const directory = useDirectory(siren);
  const refresh = useRefreshDirectory();
  const toast = useToast();
  // Without a SIREN there is nothing to look up (the issue of his invoice says what is missing).
  if (!siren || (directory.data && !directory.data.enabled)) return null;
  const entry = directory.data?.annuaire;
  return (
    <p className={styles.directory}>
      <span data-testid="annuaire">
        {entry
          ? `${directoryLabels[entry.receives]} (${t.checkedOn(formatParisDate(entry.verifieLe))})`
          : directory.isPending
            ? t.directoryLoading
            : t.directoryUnavailable}
      </span>{' '}
      <Button variant="secondary" isBusy={refresh.isPending} onClick={() => toast.attempt(() => refresh.mutateAsync(siren), messageOf)}>
        {t.checkDirectory}
      </Button>
    </p>
  );
}
