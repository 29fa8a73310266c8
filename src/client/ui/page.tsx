import type { ReactNode } from 'react';
import { usePublicConfig } from '#client/lib/public-config.ts';

type PageProps = { title: string; heading?: ReactNode; children?: ReactNode };

/**
 * A page with its own <title> (React 19 hoists it into <head>); its description and Open
 * Graph tags come from the route table (src/client/app/layout/page-meta.tsx).
 */
export function Page({ title, heading = title, children }: PageProps) {
  const fullTitle = `${title} | ${usePublicConfig().business.name}`;
  return (
    <div className="container page">
      <title>{fullTitle}</title>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
