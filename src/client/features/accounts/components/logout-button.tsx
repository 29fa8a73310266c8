import { texts } from '#domain/texts/common.ts';
import { Button } from '#client/ui/button.tsx';
import { useLogout } from '#client/lib/use-logout.ts';

type LogoutButtonProps = {
  /** "header": a plain button that the site header draws (its `className`), as a light link. */
  appearance?: 'button' | 'header';
  className?: string;
};

/** « Se déconnecter », for the header and the customer's pages (see useLogout). */
export function LogoutButton({ appearance = 'button', className }: LogoutButtonProps) {
  const { logout, isBusy } = useLogout();
  if (appearance === 'header') {
    return (
      <button type="button" className={className} onClick={logout} disabled={isBusy}>
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
