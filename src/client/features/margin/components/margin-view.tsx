import { useState } from 'react';
import { Link } from 'react-router';
import { formatCentimes, formatKm, formatQuantity, parisYear } from '#domain/format.ts';
import { paths } from '#domain/paths.ts';
import type { Margins, MissionMargin } from '#domain/schemas/expenses.ts';
import { CATEGORIE_LABELS, marginTexts as t } from '#domain/texts/expenses.ts';
import { invoiceTexts } from '#domain/texts/invoices.ts';
import { Options, SelectField } from '#client/ui/field.tsx';
import { Definitions, TableHead } from '#client/ui/lists.tsx';
import { MonthChart, type MonthSeries } from '#client/ui/month-chart.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { YearFilter } from '#client/ui/year-filter.tsx';
import { expensesCsvUrl, useMargins } from '../api/use-margins.ts';
import styles from './margin.module.css';

const monthNames = invoiceTexts.months;
const orUnknown = (value: number | null, format: (value: number) => string) => (value === null ? t.unknown : format(value));

/**
 * /admin/rentabilite: a year's revenue, expenses and margin, per month (a chart and a table)
 * and by category for the year or one month, the ten least profitable missions with their
 * kilometres, hours, euros per km and per hour; the expenses' CSV for the accountant.
 */
export function MarginView() {
  const [year, setYear] = useState(parisYear);
  const [month, setMonth] = useState(0);
  const margins = useMargins(year);
  const data = margins.data;

  return (
    <>
      <p>{t.intro}</p>
      <YearFilter label={t.year} year={year} onYear={setYear} csv={{ href: expensesCsvUrl(year), label: t.csv(year) }}>
        <SelectField label={t.period} value={month} onChange={(event) => setMonth(Number(event.target.value))}>
          <option value={0}>{t.wholeYear}</option>
          <Options values={monthNames.map((_, index) => index + 1)} label={(number) => monthNames[number - 1]} />
        </SelectField>
      </YearFilter>
      <QueryStatus query={margins} loading={t.loading} />
      {data ? <Year data={data} month={month} /> : null}
    </>
  );
}

function Year({ data, month }: { data: Margins; month: number }) {
  const period = month ? data.mois[month - 1]! : data;
  const series: MonthSeries[] = [
    { label: t.revenue, centimes: data.mois.map((entry) => entry.recettesCentimes), color: 'rgb(29, 78, 216)', as: 'bars' },
    { label: t.expenses, centimes: data.mois.map((entry) => entry.depensesCentimes), color: 'rgb(194, 65, 12)', as: 'bars' },
    { label: t.margin, centimes: data.mois.map((entry) => entry.margeCentimes), color: 'rgb(21, 128, 61)', as: 'line' },
  ];
  return (
    <>
      <Definitions
        className={styles.totals}
        items={[
          [t.revenue, formatCentimes(period.recettesCentimes)],
          [t.expenses, formatCentimes(period.depensesCentimes)],
          [t.margin, <span data-testid="margin-total">{formatCentimes(period.margeCentimes)}</span>],
        ]}
      />
      <section className={styles.section}>
        <h2>{t.byCategory(month ? monthNames[month - 1]! : String(data.annee))}</h2>
        {period.parCategorie.length ? (
          <Definitions
            className={styles.categories}
            items={period.parCategorie.map((entry) => [CATEGORIE_LABELS[entry.categorie], formatCentimes(entry.totalCentimes)])}
          />
        ) : (
          <p>{t.noExpenses}</p>
        )}
      </section>
      <section className={styles.section}>
        <h2>{t.chartTitle}</h2>
        <MonthChart testId="margin-chart" months={monthNames} series={series} />
        <p className={styles.meta}>{t.chartLegend}</p>
      </section>
      <section className={styles.section}>
        <h2>{t.months}</h2>
        <div className={styles.scroll}>
          <table className={styles.table}>
            <TableHead columns={[t.month, t.revenue, t.expenses, t.margin]} />
            <tbody>
              {data.mois.map((entry) => (
                <tr key={entry.mois}>
                  <th scope="row">{monthNames[entry.mois - 1]}</th>
                  <td>{formatCentimes(entry.recettesCentimes)}</td>
                  <td>{formatCentimes(entry.depensesCentimes)}</td>
                  <td>{formatCentimes(entry.margeCentimes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className={styles.section}>
        <h2>{t.worstTitle}</h2>
        {data.moinsRentables.length ? (
          <ol className={styles.missions} data-testid="least-profitable">
            {data.moinsRentables.map((mission) => (
              <MissionCard key={mission.devisId} mission={mission} />
            ))}
          </ol>
        ) : (
          <p>{t.noMissions}</p>
        )}
      </section>
    </>
  );
}

function MissionCard({ mission }: { mission: MissionMargin }) {
  return (
    <li className={styles.mission}>
      <Link to={paths.adminMission(mission.devisId)}>{t.mission(mission.numeroDevis)}</Link>
      <Definitions
        className={styles.figures}
        items={[
          [t.price, formatCentimes(mission.prixCentimes)],
          [t.expenses, formatCentimes(mission.depensesCentimes)],
          [t.margin, formatCentimes(mission.margeCentimes)],
          [t.km, orUnknown(mission.kmParcourus, formatKm)],
          [t.hours, orUnknown(mission.heures, (hours) => t.hoursValue(formatQuantity(Math.round(hours * 100))))],
          [t.perKm, orUnknown(mission.centimesParKm, formatCentimes)],
          [t.perHour, orUnknown(mission.centimesParHeure, formatCentimes)],
        ]}
      />
    </li>
  );
}
