import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '#domain/paths.ts';
import { twoFactorTexts } from '#domain/texts/security.ts';
import { refreshSession, useSession } from '#client/lib/use-session.ts';
import { AdminNav } from '#client/features/admin/components/admin-nav.tsx';
import { AdminSubpage } from '#client/features/admin/components/admin-subpage.tsx';
import { TwoFactorSetup } from '#client/features/two-factor/components/two-factor-setup.tsx';
import { TwoFactorSettings } from '#client/features/two-factor/components/two-factor-settings.tsx';
import { Page } from '#client/ui/page.tsx';

/**
 * /admin/securite: at the administrator's first login, the set-up of his
 * authenticator app (the only page open to him until it is done); afterwards, its state and
 * new backup codes.
 */
export function AdminSecuritePage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession();
  if (session.data?.user?.role !== 'admin') return <Navigate to={paths.home} replace />;
  if (session.data.user.twoFactorSetupRequired) {
    return (
      <Page title={twoFactorTexts.setupTitle}>
        <TwoFactorSetup
          intro={twoFactorTexts.setupRequiredIntro}
          onDone={() => void refreshSession(queryClient).then(() => navigate(paths.admin, { replace: true }))}
        />
      </Page>
    );
  }
  return (
    <>
      <AdminSubpage title={twoFactorTexts.setupTitle}>
        <TwoFactorSettings />
      </AdminSubpage>
      {/* Behind RequireUser (see the route table): the back office's navigation is added here. */}
      <AdminNav />
    </>
  );
}
