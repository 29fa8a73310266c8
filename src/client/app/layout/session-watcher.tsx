import { useEffect } from 'react';
import { useSession, type SessionUser } from '#client/lib/use-session.ts';

/**
 * Tells the site header who is logged in, from the session query. Lazily loaded with the
 * query cache (the header is in the first bundle, the cache is not); renders nothing.
 */
export function SessionWatcher({ onChange }: { onChange: (user: SessionUser | undefined) => void }) {
  const user = useSession().data?.user;
  useEffect(() => onChange(user), [user, onChange]);
  return null;
}
