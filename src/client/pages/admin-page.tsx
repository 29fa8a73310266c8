import { Page } from '../ui/page.tsx';

export function AdminPage() {
  return <Page title="Administration des devis" />;
}
