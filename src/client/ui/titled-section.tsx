import { useId, type ReactNode } from 'react';

/** A <section> named by its <h2> for screen readers (aria-labelledby), as the pages' panels are. */
export function TitledSection({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
