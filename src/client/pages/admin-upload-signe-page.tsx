import { Page } from '../ui/page.tsx';

export function AdminUploadSignePage() {
  return <Page title="Téléversement du devis signé" />;
}
