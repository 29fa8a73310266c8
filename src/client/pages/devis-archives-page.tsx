import { Page } from '../ui/page.tsx';

export function DevisArchivesPage() {
  return <Page title="Mes devis archivés" />;
}
