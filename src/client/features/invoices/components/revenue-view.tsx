import { useId, useState } from 'react';
import { formatCentimes, formatPercent, parisYear } from '#domain/format.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { Definitions, TableHead } from '#client/ui/lists.tsx';
import { MonthChart } from '#client/ui/month-chart.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { YearFilter } from '#client/ui/year-filter.tsx';
import { revenueCsvUrl, useRevenue } from '../api/use-invoices.ts';
import styles from './invoices.module.css';

/**
 * /admin/chiffre-affaires: the money collected in a year (payments received, refunds
 * deducted) per month and per quarter, the year's total against the annual ceiling, a chart,
 * and the receipts book as CSV for the accountant.
 */
export function RevenueView() {
  const [year, setYear] = useState(parisYear);
  const revenue = useRevenue(year);
  const data = revenue.data;

  return (
    <>
      <p>{t.revenueIntro}</p>
      <YearFilter label={t.year} year={year} onYear={setYear} csv={{ href: revenueCsvUrl(year), label: t.exportCsv }} />
      <QueryStatus query={revenue} loading={t.loading} />
      {data ? (
        <>
          <Definitions
            className={styles.totals}
            items={[
              [t.yearToDate, <span data-testid="revenue-total">{formatCentimes(data.totalCentimes)}</span>],
              [t.ceiling(formatCentimes(data.plafondCentimes)), t.ceilingShare(formatPercent(data.totalCentimes / data.plafondCentimes))],
            ]}
          />
          <progress className={styles.progress} max={data.plafondCentimes} value={Math.min(data.totalCentimes, data.plafondCentimes)}>
            {t.ceilingShare(formatPercent(data.totalCentimes / data.plafondCentimes))}
          </progress>
          <p className={styles.meta}>{t.ceilingSource}</p>
          <section className={styles.section}>
            <h2>{t.chartTitle}</h2>
            <MonthChart
              testId="revenue-chart"
              months={t.months}
              series={[{ label: t.amount, centimes: data.mois.map((month) => month.totalCentimes), color: 'rgb(29, 78, 216)', as: 'bars' }]}
            />
          </section>
          <AmountTable
            caption={t.quarter}
            rows={data.trimestres.map((quarter) => [t.quarterLabel(quarter.trimestre), quarter.totalCentimes])}
          />
          <AmountTable
            caption={t.month}
            columns={[t.month, t.amount]}
            rows={data.mois.map((month) => [t.months[month.mois - 1]!, month.totalCentimes])}
          />
        </>
      ) : null}
    </>
  );
}

/** A table of amounts, one row a period (its name, its amount), under its caption; `columns`: the titles of a header row. */
function AmountTable({ caption, rows, columns }: { caption: string; rows: [string, number][]; columns?: [string, string] }) {
  const captionId = useId();
  return (
    <table className={styles.table} aria-labelledby={captionId}>
      <caption id={captionId} className={styles.caption}>
        {caption}
      </caption>
      {columns ? <TableHead columns={[columns[0], { label: columns[1], className: styles.amount }]} /> : null}
      <tbody>
        {rows.map(([label, cents]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td className={styles.amount}>{formatCentimes(cents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
