import type { ReactNode } from 'react';

/** Terms and their values, each pair in a <div> (laid out by ui.module.css's `.facts` or `.definitions`). */
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

/** A column of a table's head: its label, and the class of its cells (an amount's alignment); `false` leaves it out. */
type Column = string | { label: string; className?: string } | false;

/** A table's head: one header row, a column for each label. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns
          .filter((column) => column !== false)
          .map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col" className={column.className}>
                {column.label}
              </th>
            ),
          )}
      </tr>
    </thead>
  );
}
