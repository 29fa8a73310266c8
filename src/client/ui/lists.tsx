import type { ReactNode } from 'react';

/** Terms and their values, each pair in a <div> (the grid of ui.module.css's `.definitions`). */
export function Definitions({ className, items }: { className?: string; items: [term: string, value: ReactNode][] }) {
  return (
    <dl className={className}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A bulleted list of texts. */
export function TextList({ className, items }: { className?: string; items: readonly string[] }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
