import { messageOf } from '#client/lib/api.ts';
import { useOnline } from '#client/lib/use-offline-ready.ts';
import { Message } from './message.tsx';

type QueryStatusProps = {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** Said while it loads. */
  loading: string;
  /** Said when it failed: the server's message unless told otherwise. */
  failure?: string;
  /** Said instead of the failure when the phone has no network (a page kept for use offline). */
  offline?: string;
};

/** How the data a page reads is doing: loading, or why it is not there. Nothing once it is. */
export function QueryStatus({ query, loading, failure, offline }: QueryStatusProps) {
  const online = useOnline();
  if (query.isPending) return <p role="status">{loading}</p>;
  if (!query.isError) return null;
  if (offline && !online) return <Message kind="info">{offline}</Message>;
  return <Message kind="error">{failure ?? messageOf(query.error)}</Message>;
}
