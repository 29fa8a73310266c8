import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '#domain/paths.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { texts } from '#domain/texts/common.ts';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';

type AdminSubpageProps = {
  title: string;
  /** The visible <h1> when it is more than the title's text (the title stays the tab's). */
  heading?: ReactNode;
  /** Said while the page's data loads. */
  loading?: string | false;
  /** Said when it could not be loaded. */
  failure?: string | false;
  children?: ReactNode;
};

/**
 * A page of the back office below /admin: its title, the way back, and how its data is doing;
 * while a part of it loads from a chunk of its own (the planning, the journal), « Chargement… ».
 */
export function AdminSubpage({ title, heading, loading, failure, children }: AdminSubpageProps) {
  return (
    <Page title={title} heading={heading ?? title}>
      <p>
        <Link to={paths.admin}>{adminTexts.backToAdmin}</Link>
      </p>
      {loading ? <p role="status">{loading}</p> : null}
      {failure ? <Message kind="error">{failure}</Message> : null}
      <Suspense fallback={<p role="status">{texts.loading}</p>}>{children}</Suspense>
    </Page>
  );
}
