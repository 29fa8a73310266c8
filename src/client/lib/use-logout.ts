import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authRoutes } from '#domain/api-paths.ts';
import { paths } from '#domain/paths.ts';
import { useToast } from '#client/ui/toast.tsx';
import { api, messageOf } from './api.ts';
import { clearCompletionDrafts } from './completion-draft.ts';
import { forgetPendingSimulation } from './pending-simulation.ts';
import { forgetSession, useSession } from './use-session.ts';

/**
 * Ending the session, for every logout button of the site: the server forgets the session,
 * then the visitor goes where the spec says, the customer to /connexion, the administrator
 * to /. A failure is told in a toast and leaves the session as it was.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const session = useSession();
  const [isBusy, setIsBusy] = useState(false);

  async function logout() {
    const role = session.data?.user?.role;
    setIsBusy(true);
    try {
      await api(authRoutes.signOut, { body: {} });
    } catch (error) {
      setIsBusy(false);
      toast.show(messageOf(error), 'error');
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
    forgetPendingSimulation();
    await navigate(paths.connexion);
  }

  return { logout: () => void logout(), isBusy };
}
