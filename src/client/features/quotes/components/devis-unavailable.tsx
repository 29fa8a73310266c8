import type { ReactNode } from 'react';
import { texts } from '#domain/texts/common.ts';
import { Message } from '#client/ui/message.tsx';
import { Page } from '#client/ui/page.tsx';

/**
 * What a page of one quote shows until the quote is here: that it loads, or that it is not
 * to be found (missing, another customer's or a failure: the same answer, spec section 2).
 */
export function DevisUnavailable({ title, isLoading, children }: { title: string; isLoading: boolean; children?: ReactNode }) {
  return (
    <Page title={title}>
      {isLoading ? <p role="status">{texts.loading}</p> : <Message kind="error">{texts.quoteNotFound}</Message>}
      {isLoading ? null : children}
    </Page>
  );
}
