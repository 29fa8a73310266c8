import { Page } from '../ui/page.tsx';

export function FaqPage() {
  return <Page title="Questions fréquentes" />;
}
