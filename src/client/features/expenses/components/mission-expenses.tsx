import { formatCentimes, formatDistance, formatPercentChange, formatQuantity } from '#domain/format.ts';
import { lineAmountCents } from '#domain/invoices.ts';
import type { MissionCosts } from '#domain/schemas/expenses.ts';
import { expenseTexts as t } from '#domain/texts/expenses.ts';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { useMissionCosts } from '../api/use-expenses.ts';
import type { WaitingExpense } from '../offline/store.ts';
import { AddExpense, type MissionChoice } from './expense-form.tsx';
import { ExpenseList } from './expense-list.tsx';
import { WaitingExpenses } from './waiting-expenses.tsx';
import styles from './expenses.module.css';

/**
 * A mission's section of its page: its expenses waiting on the phone (`waiting`, read by the
 * page, whose sync bar says how many), « Ajouter une dépense » for this mission (offline too),
 * its costs and margin (GET …/couts, with the network), and the lines its final invoice draft
 * will propose.
 */
export function MissionExpenses({
  mission,
  waiting,
  onPhone,
}: {
  mission: MissionChoice;
  waiting: readonly WaitingExpense[];
  /** The expenses this phone holds a newer state of (`useWaitingExpenses`): their server copy is not listed. */
  onPhone: ReadonlySet<string>;
}) {
  const costs = useMissionCosts(mission.id);
  return (
    <section aria-labelledby="depenses-mission">
      <h2 id="depenses-mission">{t.missionExpenses}</h2>
      <WaitingExpenses waiting={waiting} mission={mission} />
      <AddExpense mission={mission} />
      <QueryStatus query={costs} loading={t.loading} offline={t.costsOffline} />
      {costs.data ? (
        <>
          <CostFigures costs={costs.data} />
          {costs.data.depenses.length === 0 ? (
            <p>{t.noMissionExpenses}</p>
          ) : (
            <ExpenseList depenses={costs.data.depenses} onPhone={onPhone} />
          )}
        </>
      ) : null}
    </section>
  );
}

function CostFigures({ costs }: { costs: MissionCosts }) {
  // The kilometres first, on a line of their own: driven against the estimate, or where they will come from.
  const figures: [string, string][] = [
    [
      t.kilometres,
      costs.kmParcourus === null
        ? t.kmEstimate(formatDistance(costs.estimationKm))
        : t.kmDriven(formatDistance(costs.kmParcourus), formatDistance(costs.estimationKm), formatPercentChange(costs.ecartKm ?? 0)),
    ],
    ...(costs.heures === null ? [] : [[t.hours, t.hoursValue(formatQuantity(Math.round(costs.heures * 100)))] as [string, string]]),
    [t.revenue, formatCentimes(costs.recettesCentimes)],
    [t.expensesTotal, formatCentimes(costs.depensesCentimes)],
    [t.margin, formatCentimes(costs.margeCentimes)],
    ...(costs.centimesParKm === null ? [] : [[t.perKm, formatCentimes(costs.centimesParKm)] as [string, string]]),
    ...(costs.centimesParHeure === null ? [] : [[t.perHour, formatCentimes(costs.centimesParHeure)] as [string, string]]),
  ];
  return (
    <>
      <h3>{t.costsTitle}</h3>
      <dl className={styles.figures} data-testid="mission-costs">
        {figures.map(([term, value], index) => (
          <div key={term} className={index === 0 ? styles.wide : undefined}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.details}>
        {t.expectedMargin(formatCentimes(costs.margePrevueCentimes), formatCentimes(costs.retourPrevuCentimes))}
      </p>
      {costs.lignesProposees.length > 0 ? (
        <>
          <h3>{t.proposedTitle}</h3>
          <ul>
            {costs.lignesProposees.map((line) => (
              <li key={line.description}>
                {line.description}&nbsp;: {formatCentimes(lineAmountCents(line.quantiteCentiemes, line.prixUnitaireCentimes))}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
