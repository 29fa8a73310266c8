import { Page } from '../ui/page.tsx';

export function EspaceClientPage() {
  return <Page title="Mon espace client" />;
}
