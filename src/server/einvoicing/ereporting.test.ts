import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportingPeriodById, reportingPeriodOf } from '#domain/einvoicing.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { createDraftFromQuote } from '#server/invoices/drafts.ts';
import { addProfile, depsOf, issuedThroughService, missionQuote, SERVICE_ADMIN } from '#server/invoices/test-factories.ts';
import { issueDepositOnSignature } from '#server/payments/deposits.ts';
import { issueCreditNote, issueInvoice } from '#server/invoices/issuing.ts';
import { recordPayment } from '#server/invoices/payments.ts';
import { startFakePlatform, type FakePlatform } from '#server/test/fake-platform.ts';
import { buildTestApp, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { recordPeriodReports } from './ereporting.ts';
import { createEinvoicing } from './service.ts';
import { validateAgainstSchema } from './validation.ts';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

/** The DGFiP's XML Schema of the e-reporting file (vendor/dgfip-ereporting/). */
const EREPORTING_SCHEMA = {
  folder: () => fileURLToPath(new URL('../../../vendor/dgfip-ereporting', import.meta.url)),
  main: 'ereporting.xsd',
};
const valueOf = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]);

describe('e-reporting periods of a business under the VAT franchise', () => {
  it('are calendar two-month periods, due by the last day of the following month', () => {
    expect(reportingPeriodOf('2027-09-15')).toEqual({ id: '2027-09', start: '2027-09-01', end: '2027-10-31', dueBy: '2027-11-30' });
    expect(reportingPeriodOf('2027-12-31')).toEqual({ id: '2027-11', start: '2027-11-01', end: '2027-12-31', dueBy: '2028-01-31' });
    expect(reportingPeriodOf('2028-02-29')).toEqual({ id: '2028-01', start: '2028-01-01', end: '2028-02-29', dueBy: '2028-03-31' });
    expect(reportingPeriodById('2027-01').end).toBe('2027-02-28');
  });
});

describe.each(ENGINES)('e-reporting on %s', (engine) => {
  let fake: FakePlatform;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakePlatform();
    t = await buildTestApp(engine, { env: fake.env({ PA_POLL_SECONDS: '0', PA_RETRY_BASE_MS: '0' }) });
    await t.app.einvoicing.worker!.stop();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  /** What the e-reporting reads, on a given day in Paris. */
  const reportingDeps = (today: string) => ({ database: t.app.database, config: t.config, now: () => new Date(), today: () => today });

  it('reports a period’s sales to private customers per day and their payments, in two files the DGFiP schema accepts; a correction when they change', async () => {
    const day = '2027-09-14';
    const customer = await createCustomer(t, { name: 'Particulier Reporté' });
    const first = await issuedThroughService(t, customer, day);
    const second = await issuedThroughService(t, customer, day);
    await issueCreditNote(depsOf(t, day), SERVICE_ADMIN, second, { motif: 'Geste commercial', montantCentimes: 5_050 });
    await recordPayment(depsOf(t, '2027-09-20'), SERVICE_ADMIN, first, { date: '2027-09-20', montantCentimes: 45_050, moyen: 'carte' });
    const deps = reportingDeps('2027-11-02');
    const period = reportingPeriodById('2027-09');

    const [transactions, payments] = await recordPeriodReports(deps, period);
    expect(transactions).toMatchObject({
      kind: 'e-reporting',
      periode: '2027-09',
      flowSyntax: 'FRR',
      processingRule: 'B2C',
      name: 'ER-T-2027-09-1',
    });
    expect(payments).toMatchObject({ name: 'ER-P-2027-09-1' });
    for (const flow of [transactions!, payments!]) {
      expect(await validateAgainstSchema(flow.payload!, EREPORTING_SCHEMA)).toEqual({ valid: true, errors: [] });
    }
    const sales = transactions!.payload!;
    expect(valueOf(sales, 'TypeCode')).toEqual(['IN']);
    expect(valueOf(sales, 'Date')).toEqual(['20270914']);
    expect(valueOf(sales, 'TaxExclusiveAmount')).toEqual(['850.50']); // 450,50 + 450,50 − 50,50
    expect(valueOf(sales, 'TransactionsCount')).toEqual(['3']);
    expect(valueOf(sales, 'CategoryCode')).toEqual(['TPS1']);
    expect(sales).toContain('<Issuer><Id schemeId="0002">123456789</Id>');
    expect(valueOf(payments!.payload!, 'Amount')).toEqual(['450.50']);

    // Nothing changed: nothing new. A payment recorded late in the period: its payments sent again as a correction.
    expect(await recordPeriodReports(deps, period)).toEqual([]);
    await recordPayment(depsOf(t, '2027-10-30'), SERVICE_ADMIN, second, { date: '2027-10-30', montantCentimes: 10_000, moyen: 'virement' });
    const [correction] = await recordPeriodReports(deps, period);
    expect(correction).toMatchObject({ name: 'ER-P-2027-09-2' });
    expect(valueOf(correction!.payload!, 'TypeCode')).toEqual(['RE']);
    expect(valueOf(correction!.payload!, 'Amount')).toEqual(['450.50', '100.00']);
  });

  it('counts a private customer’s deposit invoice on its day and his final invoice net of it: the sale once', async () => {
    const customer = await createCustomer(t, { name: 'Particulier Acompte' });
    await addProfile(t, customer);
    const quote = await missionQuote(t, customer);
    await t.app.database.db.updateTable('devis').set({ acomptePourcent: 30 }).where('id', '=', quote.id).execute();
    const deposit = await withWriteTransaction(t.app.database, (trx) =>
      issueDepositOnSignature(trx, { config: t.config }, quote.id, '2028-01-10'),
    );
    const draft = await createDraftFromQuote(depsOf(t, '2028-01-25'), quote.id);
    const final = await issueInvoice(depsOf(t, '2028-01-25'), SERVICE_ADMIN, draft.id);
    expect(final.totalCentimes).toBe(quote.prixCentimes);

    const [transactions] = await recordPeriodReports(reportingDeps('2028-03-02'), reportingPeriodById('2028-01'));
    const sales = transactions!.payload!;
    const euros = (cents: number) => (cents / 100).toFixed(2);
    expect(valueOf(sales, 'Date')).toEqual(['20280110', '20280125']);
    expect(valueOf(sales, 'TaxExclusiveAmount')).toEqual([
      euros(deposit!.totalCentimes),
      euros(final.totalCentimes - deposit!.totalCentimes),
    ]);
  });

  it('sends nothing for a period without operation (no blank e-reporting)', async () => {
    expect(await recordPeriodReports(reportingDeps('2027-06-02'), reportingPeriodById('2027-03'))).toEqual([]);
  });

  it('reports by itself the period just ended once the obligation applies, and sends it through the platform', async () => {
    const customer = await createCustomer(t, { name: 'Particulier de Novembre' });
    await issuedThroughService(t, customer, '2027-11-08');
    const at = (today: string) =>
      createEinvoicing({
        database: t.app.database,
        fileStore: t.app.fileStore,
        config: t.config,
        log: t.app.log,
        invoices: () => depsOf(t),
        createExpense: null,
        today: () => today,
      });
    // During the period: nothing yet.
    const during = at('2027-12-20');
    await during.poll();
    expect((await t.app.database.db.selectFrom('pa_flux').selectAll().where('periode', '=', '2027-11').execute()).length).toBe(0);
    // Once it has ended.
    const after = at('2028-01-03');
    await after.poll();
    await after.worker!.drain();
    const sent = fake.outgoing('FRR').filter((flow) => flow.name === 'ER-T-2027-11-1');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ processingRule: 'B2C' });
    expect(fake.fileOf(sent[0]!.flowId)!.content.toString('utf8')).toContain('<StartDate>20271101</StartDate>');
    await during.stop();
    await after.stop();
  });
});
