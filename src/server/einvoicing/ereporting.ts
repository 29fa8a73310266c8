import { createHash, randomUUID } from 'node:crypto';
import {
  ISSUING_MANDATORY_FROM,
  isBusinessBuyer,
  previousReportingPeriod,
  reportingPeriodOf,
  type ReportingPeriod,
} from '#domain/einvoicing.ts';
import { sirenOfSiret } from '#domain/siret.ts';
import { withWriteTransaction, type Db } from '#server/db/index.ts';
import type { PaFluxRow } from '#server/db/schema.ts';
import { issuedBetween, paymentsBetween } from '#server/invoices/issued.ts';
import { insertFlow, listReportingFlowsOf } from './repository.ts';
import type { Wired } from './deps.ts';

/**
 * E-reporting (« flux 10 », DGFiP external specifications v3.2 § 3.7 and the XML Schemas of the
 * same version, vendor/dgfip-ereporting/) of what applies to a micro-entreprise under the VAT
 * franchise selling services in France (docs/decisions/ gives the sources):
 * - sales to private customers (B2C), aggregated per day (10.3), category TPS1 (services), rate 0;
 * - the payments of those sales, aggregated per day (10.4); the payments of business invoices go
 *   as « Encaissée » statuses on the invoices themselves;
 * - per calendar two-month period, by the last day of the following month (« Tableau 13 »);
 *   transactions and payments in two files (DGFiP rule G6.29); nothing when a period had no
 *   operation (§ 2.3.3, no blank e-reporting); a period whose data changed after it was sent is
 *   sent again as a correction (type RE, which replaces the whole period).
 * Sales to businesses are e-invoiced, and there are no international operations here: nothing
 * else to report.
 */

const amount = (cents: number) => (cents / 100).toFixed(2);
const compact = (day: string) => day.replace(/-/g, '');
const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const timestamp = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

export type ReportKind = 'transactions' | 'paiements';
type DayTotal = { day: string; cents: number; count: number };

/** Per day, in order: the sum and the number of items. */
function perDay(items: { day: string; cents: number }[]): DayTotal[] {
  const days = new Map<string, DayTotal>();
  for (const item of items) {
    const total = days.get(item.day) ?? { day: item.day, cents: 0, count: 0 };
    total.cents += item.cents;
    total.count += 1;
    days.set(item.day, total);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * What a period holds for the two reports: B2C sales by issue day (credit notes negative; a
 * final invoice counts what it adds to its deposit invoices, reported on their own day, so a
 * sale is never counted twice), B2C payments by day.
 */
export async function periodData(db: Db, period: ReportingPeriod): Promise<Record<ReportKind, DayTotal[]>> {
  const [documents, payments] = await Promise.all([
    issuedBetween(db, period.start, period.end),
    paymentsBetween(db, period.start, period.end),
  ]);
  return {
    transactions: perDay(
      documents
        .filter((document) => !isBusinessBuyer(document))
        .map((document) => ({
          day: document.dateEmission!,
          cents: document.type === 'avoir' ? -document.totalCentimes : document.totalCentimes - document.acomptesCentimes,
        })),
    ),
    paiements: perDay(
      payments.filter((payment) => !isBusinessBuyer(payment)).map((payment) => ({ day: payment.date, cents: payment.montantCentimes })),
    ),
  };
}

type Declarant = { siren: string; name: string };

/** The file of one report of a period (`Report`, flux 10), as the DGFiP's XML Schemas define it. */
export function buildReport(
  kind: ReportKind,
  {
    period,
    days,
    declarant,
    id,
    type,
    issuedAt,
  }: { period: ReportingPeriod; days: DayTotal[]; declarant: Declarant; id: string; type: 'IN' | 'RE'; issuedAt: Date },
): string {
  const party = (element: string) =>
    `<${element}><Id schemeId="0002">${declarant.siren}</Id><Name>${escapeXml(declarant.name)}</Name><RoleCode>SE</RoleCode></${element}>`;
  const header = `<ReportDocument><Id>${id}</Id><Name>${id}</Name><IssueDateTime><DateTimeString>${timestamp(issuedAt)}</DateTimeString></IssueDateTime><TypeCode>${type}</TypeCode>${party('Sender')}${party('Issuer')}</ReportDocument>`;
  const reportPeriod = `<ReportPeriod><StartDate>${compact(period.start)}</StartDate><EndDate>${compact(period.end)}</EndDate></ReportPeriod>`;
  const body =
    kind === 'transactions'
      ? `<TransactionsReport>${reportPeriod}${days
          .map(
            (day) =>
              `<Transactions><Date>${compact(day.day)}</Date><TransactionsCurrency>EUR</TransactionsCurrency><CategoryCode>TPS1</CategoryCode><TaxExclusiveAmount>${amount(day.cents)}</TaxExclusiveAmount><TaxTotal>0.00</TaxTotal><TransactionsCount>${day.count}</TransactionsCount><TaxSubtotal><TaxPercent>0</TaxPercent><TaxableAmount>${amount(day.cents)}</TaxableAmount><TaxTotal>0.00</TaxTotal></TaxSubtotal></Transactions>`,
          )
          .join('')}</TransactionsReport>`
      : `<PaymentsReport>${reportPeriod}${days
          .map(
            (day) =>
              `<Transactions><Payment><Date>${compact(day.day)}</Date><SubTotals><TaxPercent>0</TaxPercent><CurrencyCode>EUR</CurrencyCode><Amount>${amount(day.cents)}</Amount></SubTotals></Payment></Transactions>`,
          )
          .join('')}</PaymentsReport>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Report>${header}${body}</Report>\n`;
}

const digestOf = (days: DayTotal[]) => createHash('sha256').update(JSON.stringify(days)).digest('hex');

export type ReportingDeps = Pick<Wired, 'database' | 'config' | 'now' | 'today'>;

/**
 * Records the reports of a finished period that are due and not sent yet, or whose data changed
 * since (a correction), in one transaction; the flow worker sends them. Returns what it recorded.
 */
export async function recordPeriodReports(deps: ReportingDeps, period: ReportingPeriod): Promise<PaFluxRow[]> {
  const now = deps.now();
  const declarant = { siren: sirenOfSiret(deps.config.seller.siret) ?? '', name: deps.config.seller.legalName };
  return withWriteTransaction(deps.database, async (trx) => {
    const data = await periodData(trx, period);
    const previous = await listReportingFlowsOf(trx, [period.id]);
    const recorded: PaFluxRow[] = [];
    for (const kind of ['transactions', 'paiements'] as const) {
      const days = data[kind];
      const digest = digestOf(days);
      const sent = previous.filter((flow) => flow.name.startsWith(prefix(kind)));
      if (sent.some((flow) => flow.contentDigest === digest)) continue;
      // No operation and nothing sent before: no blank e-reporting.
      if (days.length === 0 && sent.length === 0) continue;
      const id = `${prefix(kind)}${period.id}-${sent.length + 1}`;
      const type = sent.length === 0 ? 'IN' : 'RE';
      recorded.push(
        await insertFlow(
          trx,
          {
            kind: 'e-reporting',
            factureId: null,
            achatId: null,
            periode: period.id,
            trackingId: `${id}-${randomUUID().slice(0, 8)}`,
            name: id,
            flowSyntax: 'FRR',
            processingRule: 'B2C',
            payload: buildReport(kind, { period, days, declarant, id, type, issuedAt: now }),
            contentDigest: digest,
          },
          now,
        ),
      );
    }
    return recorded;
  });
}

const prefix = (kind: ReportKind) => (kind === 'transactions' ? 'ER-T-' : 'ER-P-');
export const reportKindOf = (flow: Pick<PaFluxRow, 'name'>): ReportKind => (flow.name.startsWith('ER-P-') ? 'paiements' : 'transactions');
/** The first file of a period is `IN`, the next ones corrections (`ER-T-2027-09-2`). */
export const reportTypeOf = (flow: Pick<PaFluxRow, 'name'>): 'IN' | 'RE' => (Number(flow.name.split('-').pop()) > 1 ? 'RE' : 'IN');

/** The period just ended (the one before today's), the only one the task reports by itself. */
export const lastEndedPeriod = (today: string) => previousReportingPeriod(reportingPeriodOf(today));

/** The e-reporting page: the last `count` periods (the current one first) with their B2C totals and what was sent. */
export async function reportingOverview(db: Db, today: string, count = 6) {
  const periods: ReportingPeriod[] = [reportingPeriodOf(today)];
  while (periods.length < count) periods.push(previousReportingPeriod(periods[periods.length - 1]!));
  const flows = await listReportingFlowsOf(
    db,
    periods.map((period) => period.id),
  );
  return Promise.all(
    periods.map(async (period) => {
      const data = await periodData(db, period);
      const sum = (days: DayTotal[], field: 'cents' | 'count') => days.reduce((total, day) => total + day[field], 0);
      return {
        period,
        ended: period.end < today,
        mandatory: period.start >= ISSUING_MANDATORY_FROM,
        salesCents: sum(data.transactions, 'cents'),
        salesCount: sum(data.transactions, 'count'),
        paymentsCents: sum(data.paiements, 'cents'),
        flows: flows.filter((flow) => flow.periode === period.id),
      };
    }),
  );
}
