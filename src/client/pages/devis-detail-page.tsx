import { Page } from '../ui/page.tsx';

export function DevisDetailPage() {
  return <Page title="Détail du devis" />;
}
