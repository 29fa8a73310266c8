import { useId, useState } from 'react';
import { formatCentimes, formatPercent, parisToday } from '#domain/format.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import { messageOf } from '#client/lib/api.ts';
import { SelectField } from '#client/ui/field.tsx';
import { Definitions } from '#client/ui/lists.tsx';
import { Message } from '#client/ui/message.tsx';
import ui from '#client/ui/ui.module.css';
import { revenueCsvUrl, useRevenue } from '../api/use-invoices.ts';
import styles from './invoices.module.css';
import { RevenueChart } from './revenue-chart.tsx';

/**
 * /admin/chiffre-affaires: the money collected in a year (payments received, refunds
 * deducted) per month and per quarter, the year's total against the annual ceiling, a chart,
 * and the receipts book as CSV for the accountant.
 */
export function RevenueView() {
  const thisYear = Number(parisToday().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const revenue = useRevenue(year);
  const monthsId = useId();
  const quartersId = useId();
  const data = revenue.data;
  const years = Array.from({ length: 6 }, (_, index) => thisYear - index);

  return (
    <>
      <p>{t.revenueIntro}</p>
      <div className={styles.toolbar}>
        <SelectField label={t.year} value={year} onChange={(event) => setYear(Number(event.target.value))}>
          {years.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <a className={`${ui.button} ${ui.secondary}`} href={revenueCsvUrl(year)} download>
          {t.exportCsv}
        </a>
      </div>
      {revenue.isPending ? <p role="status">{t.loading}</p> : null}
      {revenue.isError ? <Message kind="error">{messageOf(revenue.error)}</Message> : null}
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
            <RevenueChart revenue={data} />
          </section>
          <table className={styles.table} aria-labelledby={quartersId}>
            <caption id={quartersId} className={styles.caption}>
              {t.quarter}
            </caption>
            <tbody>
              {data.trimestres.map((quarter) => (
                <tr key={quarter.trimestre}>
                  <th scope="row">{t.quarterLabel(quarter.trimestre)}</th>
                  <td className={styles.amount}>{formatCentimes(quarter.totalCentimes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={styles.table} aria-labelledby={monthsId}>
            <caption id={monthsId} className={styles.caption}>
              {t.month}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t.month}</th>
                <th scope="col" className={styles.amount}>
                  {t.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.mois.map((month) => (
                <tr key={month.mois}>
                  <th scope="row">{t.months[month.mois - 1]}</th>
                  <td className={styles.amount}>{formatCentimes(month.totalCentimes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </>
  );
}
