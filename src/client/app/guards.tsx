import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '#domain/paths.ts';
import { texts } from '#domain/texts/common.ts';
import { withQueryClient } from '#client/lib/query-client.tsx';
import { useSession } from '#client/lib/use-session.ts';
import { AdminNav } from '#client/features/admin/components/admin-nav.tsx';

function Checking() {
  return (
    <p role="status" className="container page">
      {texts.checkingPermissions}
    </p>
  );
}

/**
 * Client guards for UX only: the server refuses the same requests on its own. They give the
 * private areas' pages the query cache (lazily loaded with them, see router.tsx).
 */
export const RequireUser = withQueryClient(function RequireUser() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Checking />;
  if (!session.data?.user) return <Navigate to={paths.connexion} replace state={{ from: location.pathname }} />;
  return <Outlet />;
});

export const RequireAdmin = withQueryClient(function RequireAdmin() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Checking />;
  if (!session.data?.user) return <Navigate to={paths.connexion} replace state={{ from: location.pathname }} />;
  if (session.data.user.role !== 'admin') return <Navigate to={paths.home} replace />;
  // Until his second factor is set up, the set-up is the only page of the back office.
  if (session.data.user.twoFactorSetupRequired) return <Navigate to={paths.adminSecurite} replace />;
  // Every page of the back office gets its navigation.
  return (
    <>
      <Outlet />
      <AdminNav />
    </>
  );
});
