import type { ReactNode } from 'react';
import { usePublicConfig } from '#client/lib/public-config.ts';

type PageProps = { title: string; description?: string; heading?: ReactNode; children?: ReactNode };

/** A page with its own <title> and description (React 19 hoists them into <head>). */
export function Page({ title, description, heading = title, children }: PageProps) {
  const fullTitle = `${title} | ${usePublicConfig().business.name}`;
  return (
    <div className="container page">
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
