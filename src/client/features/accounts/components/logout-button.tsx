import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts.ts';
import { Button } from '#client/ui/button.tsx';
import { useToast } from '#client/ui/toast.tsx';
import { ApiError } from '#client/lib/api.ts';
import { signOut } from '../api/auth-api.ts';
import { clearCompletionDrafts } from '#client/lib/completion-draft.ts';
import { forgetSession, useSession } from '#client/lib/use-session.ts';
import styles from './accounts.module.css';

type LogoutButtonProps = {
  /** "header" draws it as a light link for the dark site header. */
  appearance?: 'button' | 'header';
  className?: string;
};

/**
 * Ends the session on the server, forgets every cached query, then goes where the spec
 * says: the customer to /connexion, the administrator to /. Exported for the customer
 * and admin pages.
 */
export function LogoutButton({ appearance = 'button', className }: LogoutButtonProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const [isBusy, setIsBusy] = useState(false);

  async function logout() {
    const role = session.data?.user?.role;
    setIsBusy(true);
    try {
      await signOut();
    } catch (error) {
      setIsBusy(false);
      toast.show(error instanceof ApiError ? error.message : texts.unknownError, 'error');
      return;
    }
    if (role === 'admin') {
      // A full page load: forgetting the session while the admin area is still on screen
      // would let its guard send the administrator to /connexion instead of /. It also
      // drops every admin query from memory.
      window.location.assign(paths.home);
      return;
    }
    // /connexion sends a logged-in user away: forget the session (and the customer's
    // cached quotes and completion drafts) first.
    forgetSession(queryClient);
    clearCompletionDrafts();
    await navigate(paths.connexion);
  }

  if (appearance === 'header') {
    return (
      <button
        type="button"
        className={[styles.headerLogout, className].filter(Boolean).join(' ')}
        onClick={() => void logout()}
        disabled={isBusy}
      >
        {texts.logout}
      </button>
    );
  }
  return (
    <Button variant="secondary" className={className} isBusy={isBusy} onClick={() => void logout()}>
      {texts.logout}
    </Button>
  );
}
