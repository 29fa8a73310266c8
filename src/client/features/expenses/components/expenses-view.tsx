import { useSearchParams } from 'react-router';
import { expensesRoutes } from '#domain/api-paths.ts';
import { CATEGORIES_DEPENSE } from '#domain/expenses.ts';
import { formatCentimes, parisYear } from '#domain/format.ts';
import { depenseListQuerySchema, type DepenseList, type DepenseListQuery } from '#domain/schemas/expenses.ts';
import { CATEGORIE_LABELS, expenseTexts as t } from '#domain/texts/expenses.ts';
import { urlOf } from '#client/lib/api.ts';
import { useOnline, type OfflineReadiness } from '#client/lib/use-offline-ready.ts';
import { ChoiceOptions, Options, SelectField } from '#client/ui/field.tsx';
import { QueryStatus } from '#client/ui/query-status.tsx';
import { SyncBar } from '#client/ui/sync-bar.tsx';
import { useExpenses } from '../api/use-expenses.ts';
import { useWaitingExpenses } from '../offline/use-waiting-expenses.ts';
import { AddExpense, type MissionChoice } from './expense-form.tsx';
import { ExpenseList } from './expense-list.tsx';
import { WaitingExpenses } from './waiting-expenses.tsx';
import styles from './expenses.module.css';

const YEARS_SHOWN = 5;

/** The filters as the address says them (`?annee=2026&devisId=…&categorie=peage`); the current year unless told otherwise. */
function filtersOf(params: URLSearchParams, thisYear: number): DepenseListQuery {
  const annee = params.get('annee');
  const parsed = depenseListQuerySchema.safeParse({
    annee: annee === 'toutes' ? undefined : (annee ?? String(thisYear)),
    devisId: params.get('devisId') || undefined,
    categorie: params.get('categorie') || undefined,
  });
  return parsed.success ? parsed.data : { annee: thisYear };
}

/**
 * The total of the expenses listed by month: the server's, less those whose newer state waits on
 * the phone (listed with the waiting ones, above), so that it is the sum of the months' totals.
 */
function totalOf(list: DepenseList, onPhone: ReadonlySet<string>): string {
  const waiting = list.depenses.filter((depense) => onPhone.has(depense.id));
  if (waiting.length === 0) return t.total(formatCentimes(list.totalCentimes));
  const listed = list.totalCentimes - waiting.reduce((total, depense) => total + depense.montantCentimes, 0);
  return t.totalWithoutWaiting(formatCentimes(listed));
}

/**
 * /admin/depenses: « Ajouter une dépense » (kept on the phone, sent when the network allows),
 * what waits to be sent, then the expenses by month with their totals, filtered by year,
 * mission and category, and the year's CSV for the accountant.
 */
export function ExpensesView({ missions, readiness }: { missions: readonly MissionChoice[]; readiness?: OfflineReadiness }) {
  const thisYear = parisYear();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params, thisYear);
  const list = useExpenses(filters);
  const online = useOnline();
  const { waiting, onPhone, isSending, sessionExpired } = useWaitingExpenses();

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <p>{t.intro}</p>
      <SyncBar
        online={online}
        readiness={readiness}
        // Removals not sent yet count too: they are not on the server yet.
        waiting={onPhone.size > 0 ? [t.waiting(onPhone.size)] : []}
        isSending={isSending}
        sessionExpired={sessionExpired}
      />
      <WaitingExpenses waiting={waiting} missions={missions} />
      <AddExpense missions={missions} />
      <form className={styles.filters} aria-label={t.filters} onSubmit={(event) => event.preventDefault()}>
        <SelectField
          label={t.year}
          value={filters.annee === undefined ? 'toutes' : String(filters.annee)}
          onChange={(event) => setFilter('annee', event.target.value)}
        >
          <Options values={Array.from({ length: YEARS_SHOWN }, (_, index) => thisYear - index)} />
          <option value="toutes">{t.allYears}</option>
        </SelectField>
        <SelectField label={t.mission} value={filters.devisId ?? ''} onChange={(event) => setFilter('devisId', event.target.value)}>
          <ChoiceOptions choices={missions} empty={t.allMissions} />
        </SelectField>
        <SelectField label={t.category} value={filters.categorie ?? ''} onChange={(event) => setFilter('categorie', event.target.value)}>
          <Options values={CATEGORIES_DEPENSE} empty={t.allCategories} label={(categorie) => CATEGORIE_LABELS[categorie]} />
        </SelectField>
      </form>
      {filters.annee !== undefined ? (
        <p>
          <a href={urlOf(expensesRoutes.csv, { query: { annee: filters.annee } })} download>
            {t.csv(filters.annee)}
          </a>
        </p>
      ) : null}
      <QueryStatus query={list} loading={t.loading} offline={t.listOffline} />
      {list.data ? (
        <div aria-busy={list.isFetching || undefined}>
          <p role="status">
            <strong>{totalOf(list.data, onPhone)}</strong>
          </p>
          <ExpenseList depenses={list.data.depenses} onPhone={onPhone} showMission missions={missions} />
        </div>
      ) : null}
    </>
  );
}
