import { useEffect, useMemo } from 'react';

/** The object URLs made for Blobs on screen, and how many components show each. */
const made = new Map<Blob, { url: string; users: number }>();

function urlOf(blob: Blob): string {
  let entry = made.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    made.set(blob, entry);
  }
  return entry.url;
}

/**
 * An address the page can show a Blob at (a photo kept on the phone), released once no
 * component shows that Blob any more (after the current task: a component shown again at
 * once, as React's StrictMode does, keeps it).
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const url = useMemo(() => (blob ? urlOf(blob) : null), [blob]);
  useEffect(() => {
    if (!blob) return;
    urlOf(blob);
    const entry = made.get(blob)!;
    entry.users += 1;
    return () => {
      entry.users -= 1;
      setTimeout(() => {
        if (entry.users > 0 || made.get(blob) !== entry) return;
        made.delete(blob);
        URL.revokeObjectURL(entry.url);
      });
    };
  }, [blob]);
  return url;
}
