import { Page } from '../ui/page.tsx';

export function ReinitialiserMotDePassePage() {
  return <Page title="Nouveau mot de passe" />;
}
