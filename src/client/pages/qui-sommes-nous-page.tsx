import { Page } from '../ui/page.tsx';

export function QuiSommesNousPage() {
  return <Page title="Qui sommes-nous" />;
}
