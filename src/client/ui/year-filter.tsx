import type { ReactNode } from 'react';
import { parisYear } from '#domain/format.ts';
import { Options, SelectField } from './field.tsx';
import ui from './ui.module.css';

type YearFilterProps = {
  label: string;
  year: number;
  onYear: (year: number) => void;
  /** The year's CSV for the accountant. */
  csv: { href: string; label: string };
  /** The page's other filters, between the year and the CSV. */
  children?: ReactNode;
};

/** The bar above a year's money page (revenue, margin): the year, this one or one of the five before, and its CSV. */
export function YearFilter({ label, year, onYear, csv, children }: YearFilterProps) {
  const thisYear = parisYear();
  return (
    <div className={`${ui.filterBar} ${ui.spreadFilters}`}>
      <SelectField label={label} value={year} onChange={(event) => onYear(Number(event.target.value))}>
        <Options values={Array.from({ length: 6 }, (_, index) => thisYear - index)} />
      </SelectField>
      {children}
      <a className={`${ui.button} ${ui.secondary}`} href={csv.href} download>
        {csv.label}
      </a>
    </div>
  );
}
