import { Page } from '../ui/page.tsx';

export function CompleterDevisPage() {
  return <Page title="Compléter le devis" />;
}
