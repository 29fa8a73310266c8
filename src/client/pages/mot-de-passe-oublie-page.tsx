import { Page } from '../ui/page.tsx';

export function MotDePasseOubliePage() {
  return <Page title="Mot de passe oublié" />;
}
