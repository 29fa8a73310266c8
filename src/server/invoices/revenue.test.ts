import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facture } from '#domain/schemas/invoices.ts';
import { revenueCsvTexts } from '#domain/texts/invoices.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { addProfile, api, issuedInvoice } from './test-factories.ts';

type Headers = { cookie: string; origin: string };
type Revenue = {
  annee: number;
  totalCentimes: number;
  plafondCentimes: number;
  mois: { mois: number; totalCentimes: number }[];
  trimestres: { trimestre: number; totalCentimes: number }[];
  encaissements: number;
};

/** "1 234,56" (the CSV's French decimal comma, no currency sign) in cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')) * 100);

describe.each(ENGINES)('revenue on %s', (engine) => {
  let t: TestApp;
  let admin: Headers;
  let numbers: string[];

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { REVENUE_CEILING_EUR: '77700' } });
    admin = (await createAdmin(t)).headers;
    const customer = await createCustomer(t, { name: 'Transports "Le Rhône"; Lyon' });
    await addProfile(t, customer);
    // Three invoices of 450,50 €, paid over 2025 in several ways; one partly credited and refunded.
    const invoices: Facture[] = [];
    for (let index = 0; index < 3; index += 1) invoices.push((await issuedInvoice(t, admin, customer)).invoice);
    numbers = invoices.map((invoice) => invoice.numero!);
    const pay = async (index: number, date: string, montantCentimes: number, moyen: string) => {
      const answer = await api.pay(t, admin, invoices[index]!.id, { date, montantCentimes, moyen });
      if (answer.status !== 200) throw new Error(`payment: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    await pay(0, '2025-01-15', 20_000, 'chèque');
    await pay(0, '2025-02-03', 25_050, 'virement');
    await pay(1, '2025-04-30', 45_050, 'carte');
    await pay(2, '2025-12-31', 10_000, 'espèces');
    await api.credit(t, admin, invoices[1]!.id, { motif: 'Geste commercial', montantCentimes: 5_000 });
    await pay(1, '2025-05-02', -5_000, 'virement');
    // Outside the year: not counted in 2025.
    await pay(2, '2026-01-01', 1_000, 'virement');
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the money collected (payments, refunds deducted) by the day it came in, per month and per quarter, against the ceiling', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/chiffre-affaires?annee=2025', headers: admin });
    expect(answer.statusCode).toBe(200);
    const revenue = answer.json<Revenue>();
    expect(revenue.annee).toBe(2025);
    expect(revenue.plafondCentimes).toBe(7_770_000);
    expect(revenue.encaissements).toBe(5);
    const byMonth = Object.fromEntries(revenue.mois.map((month) => [month.mois, month.totalCentimes]));
    expect(byMonth).toEqual({ 1: 20_000, 2: 25_050, 3: 0, 4: 45_050, 5: -5_000, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0, 11: 0, 12: 10_000 });
    expect(revenue.trimestres).toEqual([
      { trimestre: 1, totalCentimes: 45_050 },
      { trimestre: 2, totalCentimes: 40_050 },
      { trimestre: 3, totalCentimes: 0 },
      { trimestre: 4, totalCentimes: 10_000 },
    ]);
    expect(revenue.totalCentimes).toBe(95_100);

    const next = (await t.app.inject({ method: 'GET', url: '/api/admin/chiffre-affaires?annee=2026', headers: admin })).json<Revenue>();
    expect(next.totalCentimes).toBe(1_000);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/chiffre-affaires?annee=deux-mille', headers: admin });
    expect(refused.statusCode).toBe(400);
  });

  it('exports the receipts book as a CSV a spreadsheet opens: BOM, « ; », decimal comma, one line per payment, the same total', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/admin/chiffre-affaires.csv?annee=2025', headers: admin });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${revenueCsvTexts.filename(2025)}"`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows: string[][] = parse(bytes, { bom: true, delimiter: ';', relax_column_count: false });
    expect(rows[0]).toEqual([...revenueCsvTexts.header]);
    const body = rows.slice(1);
    expect(body).toHaveLength(5);
    expect(body.map((row) => row[0])).toEqual(['15/01/2025', '03/02/2025', '30/04/2025', '02/05/2025', '31/12/2025']);
    expect(body.map((row) => row[1])).toEqual([numbers[0], numbers[0], numbers[1], revenueCsvTexts.refund(numbers[1]!), numbers[2]]);
    // The customer's name with a quote and a separator comes back whole.
    expect(new Set(body.map((row) => row[2]))).toEqual(new Set(['Transports "Le Rhône"; Lyon']));
    expect(body.map((row) => row[4])).toEqual(['Chèque', 'Virement', 'Carte', 'Virement', 'Espèces']);
    expect(body.map((row) => row[5])).toEqual(['200,00', '250,50', '450,50', '-50,00', '100,00']);
    expect(body.reduce((total, row) => total + cents(row[5]!), 0)).toBe(95_100);
  });
});
