import { Page } from '../ui/page.tsx';

export function AdminDevisArchivesPage() {
  return <Page title="Devis archivés" />;
}
