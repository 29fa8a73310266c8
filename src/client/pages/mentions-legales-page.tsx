import { Page } from '../ui/page.tsx';

export function MentionsLegalesPage() {
  return <Page title="Mentions légales" />;
}
