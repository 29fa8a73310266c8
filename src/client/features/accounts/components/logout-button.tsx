import { texts } from '#domain/texts/common.ts';
import { Button } from '#client/ui/button.tsx';
import { useLogout } from '#client/lib/use-logout.ts';
import styles from './accounts.module.css';

type LogoutButtonProps = {
  /** "header" draws it as a light link for the dark site header. */
  appearance?: 'button' | 'header';
  className?: string;
};

/** « Se déconnecter », for the header and the customer's pages (see useLogout). */
export function LogoutButton({ appearance = 'button', className }: LogoutButtonProps) {
  const { logout, isBusy } = useLogout();
  if (appearance === 'header') {
    return (
      <button type="button" className={[styles.headerLogout, className].filter(Boolean).join(' ')} onClick={logout} disabled={isBusy}>
        {texts.logout}
      </button>
    );
  }
  return (
    <Button variant="secondary" className={className} isBusy={isBusy} onClick={logout}>
      {texts.logout}
    </Button>
  );
}
