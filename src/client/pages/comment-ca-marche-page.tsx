import { Page } from '../ui/page.tsx';

export function CommentCaMarchePage() {
  return <Page title="Comment ça marche" />;
}
