import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseApiMessages as msg } from '#domain/texts/expenses.ts';
import { importStatement } from '#server/payments/statements.ts';
import { camt053Xml } from '#server/payments/statements/test-factories.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';

type Headers = { cookie: string; origin: string };

describe.each(ENGINES)('a bank debit recorded as an expense on %s', (engine) => {
  let t: TestApp;
  let admin: Headers;
  let lines: { id: string; referenceBanque: string | null; depenseId: string | null }[];

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { BUSINESS_IBAN: 'FR7630006000011234567890189' } });
    admin = (await createAdmin(t)).headers;
    const xml = camt053Xml([
      { montant: '23.40', sens: 'DBIT', nom: 'APRR', motif: 'CB PEAGE VILLEFRANCHE', reference: 'BQ-101', date: '2026-11-26' },
      { montant: '38.40', sens: 'DBIT', nom: 'SNCF VOYAGEURS', motif: 'VIR BILLET RETOUR', reference: 'BQ-102', date: '2026-11-27' },
      { montant: '99.00', nom: 'INCONNU SARL', motif: 'Divers', reference: 'BQ-103', date: '2026-11-27' },
    ]);
    await importStatement({ database: t.app.database }, { id: 'admin' }, { filename: 'releve.xml', content: Buffer.from(xml, 'utf8') });
    lines = await t.app.database.db
      .selectFrom('releve_operations')
      .select(['id', 'referenceBanque', 'depenseId'])
      .orderBy('referenceBanque')
      .execute();
  });
  afterAll(() => t.close());

  const post = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/banque/operations/${id}/depense`, headers: admin, payload });
  const expenses = async () => t.app.database.db.selectFrom('depenses').selectAll().execute();
  const debitOf = async (id: string) =>
    (await t.app.database.db.selectFrom('releve_operations').select('depenseId').where('id', '=', id).executeTakeFirstOrThrow()).depenseId;

  it('makes the debit an expense of its mission in one tap, once however often it is tapped, and the bank page shows which', async () => {
    const customer = await createCustomer(t, { name: 'Luc Petit' });
    const quote = await createQuoteInStatus(t.app.database, customer, 'en cours');
    const toll = lines[0]!;
    const first = await post(toll.id, { categorie: 'peage', devisId: quote.id });
    expect(first.statusCode, first.body).toBe(201);
    const expense = first.json();
    expect(expense).toMatchObject({
      devisId: quote.id,
      numeroDevis: quote.numeroDevis,
      categorie: 'peage',
      montantCentimes: 2_340,
      tvaCentimes: 0,
      date: '2026-11-26',
      moyenPaiement: 'carte',
    });
    expect(expense.note).toContain('CB PEAGE VILLEFRANCHE');
    expect(await debitOf(toll.id)).toBe(expense.id);

    const again = await post(toll.id, { categorie: 'peage', devisId: quote.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(expense.id);
    expect((await expenses()).filter((row) => row.origine === `releve:${toll.id}`)).toHaveLength(1);

    const bank = await t.app.inject({ method: 'GET', url: '/api/admin/banque', headers: admin });
    expect(bank.json().debits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: toll.id, depenseId: expense.id }),
        expect.objectContaining({ id: lines[1]!.id, depenseId: null }),
      ]),
    );
    // Its debit stays with the expense: « Écarter » is refused.
    const ignored = await t.app.inject({ method: 'POST', url: `/api/admin/banque/operations/${toll.id}/ignorer`, headers: admin });
    expect(ignored.statusCode).toBe(409);
    expect(await debitOf(toll.id)).toBe(expense.id);
  });

  it('gives the debit back to the bank page when its expense is deleted: it can be recorded again', async () => {
    const toll = lines[0]!;
    const expenseId = (await debitOf(toll.id))!;
    expect(expenseId).toBeTruthy();
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/depenses/${expenseId}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await debitOf(toll.id)).toBeNull();
    const bank = await t.app.inject({ method: 'GET', url: '/api/admin/banque', headers: admin });
    expect(bank.json().debits).toContainEqual(expect.objectContaining({ id: toll.id, depenseId: null }));

    const again = await post(toll.id, { categorie: 'peage' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).not.toBe(expenseId);
    expect(await debitOf(toll.id)).toBe(again.json().id);
  });

  it('records a general expense (no mission) paid by transfer', async () => {
    const response = await post(lines[1]!.id, { categorie: 'train' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ devisId: null, categorie: 'train', montantCentimes: 3_840, moyenPaiement: 'virement' });
  });

  it('refuses a credit, an unknown line, an unknown mission, an unknown category, and writes nothing', async () => {
    const before = await expenses();
    const credit = await post(lines[2]!.id, { categorie: 'autre', devisId: null });
    expect(credit.statusCode).toBe(404);
    expect(credit.json().message).toBe(msg.debitNotFound);
    expect((await post('7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c11', { categorie: 'autre' })).statusCode).toBe(404);
    await t.app.database.db.updateTable('releve_operations').set({ depenseId: null }).where('id', '=', lines[1]!.id).execute();
    await t.app.database.db.deleteFrom('depenses').where('origine', '=', `releve:${lines[1]!.id}`).execute();
    const unknownMission = await post(lines[1]!.id, { categorie: 'train', devisId: '7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c12' });
    expect(unknownMission.statusCode).toBe(404);
    expect(unknownMission.json().message).toBe(msg.missionNotFound);
    expect(await debitOf(lines[1]!.id)).toBeNull();
    const badCategory = await post(lines[1]!.id, { categorie: 'casino' });
    expect(badCategory.statusCode).toBe(400);
    const details = (badCategory.json() as { details?: { message: string }[] }).details ?? [];
    expect(details.map((detail) => detail.message)).toContain(msg.categoryUnknown);
    expect((await expenses()).length).toBe(before.length - 1);
  });

  it('answers two taps sent together (two tabs) with the same expense, recorded once', async () => {
    const xml = camt053Xml([
      { montant: '61.20', sens: 'DBIT', nom: 'TOTALENERGIES', motif: 'CB CARBURANT', reference: 'BQ-201', date: '2026-11-28' },
    ]);
    await importStatement({ database: t.app.database }, { id: 'admin' }, { filename: 'releve-2.xml', content: Buffer.from(xml, 'utf8') });
    const fuel = await t.app.database.db
      .selectFrom('releve_operations')
      .select('id')
      .where('referenceBanque', '=', 'BQ-201')
      .executeTakeFirstOrThrow();

    const answers = await Promise.all([post(fuel.id, { categorie: 'carburant' }), post(fuel.id, { categorie: 'carburant' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [first, second] = answers.map((answer) => answer.json().id);
    expect(second).toBe(first);
    expect((await expenses()).filter((row) => row.origine === `releve:${fuel.id}`)).toHaveLength(1);
    expect(await debitOf(fuel.id)).toBe(first);
  });
});
