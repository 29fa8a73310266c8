import { Page } from '../ui/page.tsx';

export function AdminEditDevisPage() {
  return <Page title="Édition et confirmation du devis" />;
}
