import { Page } from '../ui/page.tsx';

export function ConnexionPage() {
  return <Page title="Connexion" />;
}
