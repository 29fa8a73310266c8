import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DebitProposals } from '#domain/schemas/expenses.ts';
import { expenseApiMessages as msg } from '#domain/texts/expenses.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { importStatement } from '#server/payments/statements.ts';
import { camt053Xml } from '#server/payments/statements/test-factories.ts';
import { buildTestApp, createAdmin, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { createExpenseFrom } from './service.ts';
import { expenseApi, expenseBody } from './test-factories.ts';

type Headers = { cookie: string; origin: string };

/**
 * A cost recorded once, whatever shows it first: the toll kept on the phone on the 2nd, then its
 * card debit on the statement of the 4th; a supplier invoice approved as an expense, then its
 * transfer. The bank page proposes the expense already recorded, and links the debit to it.
 */
describe.each(ENGINES)('a bank debit linked to the expense it pays on %s', (engine) => {
  let t: TestApp;
  let admin: Headers;
  let debits: Record<'toll' | 'supplier' | 'tooEarly' | 'other', string>;
  let toll: string;
  let supplier: string;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { BUSINESS_IBAN: 'FR7630006000011234567890189' } });
    admin = (await createAdmin(t)).headers;
    toll = (await expenseApi.create(t, admin, expenseBody({ montantCentimes: 3_500, tvaCentimes: 583, date: '2026-11-02' }))).body.id;
    // As an approved supplier invoice becomes an expense (einvoicing/purchases.ts).
    supplier = (
      await createExpenseFrom(t.app.database.db, {
        origine: 'facture-fournisseur:test',
        devisId: null,
        categorie: 'autre',
        montantCentimes: 12_000,
        tvaCentimes: 2_000,
        date: '2026-10-15',
        moyenPaiement: 'virement',
        note: 'Garage Martin – F-2026-118',
      })
    ).id;
    const xml = camt053Xml([
      { montant: '35.00', sens: 'DBIT', nom: 'APRR', motif: 'CB PEAGE VILLEFRANCHE', reference: 'BQ-201', date: '2026-11-04' },
      { montant: '120.00', sens: 'DBIT', nom: 'GARAGE MARTIN', motif: 'VIR F-2026-118', reference: 'BQ-202', date: '2026-11-20' },
      // The same amount, but before the expense's day by more than 3 days: not it.
      { montant: '35.00', sens: 'DBIT', nom: 'APRR', motif: 'CB PEAGE MACON', reference: 'BQ-203', date: '2026-10-28' },
      { montant: '12.00', sens: 'DBIT', nom: 'BOULANGERIE', motif: 'CB PAIN', reference: 'BQ-204', date: '2026-11-05' },
    ]);
    await importStatement({ database: t.app.database }, { id: 'admin' }, { filename: 'releve.xml', content: Buffer.from(xml, 'utf8') });
    const lines = await t.app.database.db.selectFrom('releve_operations').select(['id', 'referenceBanque']).execute();
    const idOf = (reference: string) => lines.find((line) => line.referenceBanque === reference)!.id;
    debits = { toll: idOf('BQ-201'), supplier: idOf('BQ-202'), tooEarly: idOf('BQ-203'), other: idOf('BQ-204') };
  });
  afterAll(() => t.close());

  const proposals = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/banque/debits/propositions', headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return Object.fromEntries((response.json() as DebitProposals).propositions.map((p) => [p.operationId, p.depense.id]));
  };
  const link = (operationId: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/banque/operations/${operationId}/depense-existante`, headers: admin, payload });
  const debitOf = async (id: string) =>
    (await t.app.database.db.selectFrom('releve_operations').select('depenseId').where('id', '=', id).executeTakeFirstOrThrow()).depenseId;
  const expenseCount = async () => (await expenseApi.list(t, admin)).body.depenses.length;

  it('proposes, for each debit, the expense of its amount recorded from 60 days before to 3 days after it', async () => {
    expect(await proposals()).toEqual({ [debits.toll]: toll, [debits.supplier]: supplier });
  });

  it('links the debit to the expense in one tap, once however often it is tapped, and records no second expense', async () => {
    const before = await expenseCount();
    const first = await link(debits.toll, { depenseId: toll });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: toll, montantCentimes: 3_500, date: '2026-11-02' });
    expect(await debitOf(debits.toll)).toBe(toll);
    const again = await link(debits.toll, { depenseId: toll });
    expect(again.statusCode).toBe(200);
    expect(await expenseCount()).toBe(before);
    // Linked, it is proposed no more, and the bank page says the debit is an expense.
    expect(await proposals()).toEqual({ [debits.supplier]: supplier });
    const bank = await t.app.inject({ method: 'GET', url: '/api/admin/banque', headers: admin });
    expect(bank.json().debits).toContainEqual(expect.objectContaining({ id: debits.toll, depenseId: toll }));
    const journal = await t.app.inject({ method: 'GET', url: '/api/admin/journal?type=bank.debit_linked_to_expense', headers: admin });
    expect(journal.json().entrees.map((entry: { kind: string }) => entry.kind)).toContain('bank.debit_linked_to_expense');
  });

  it('refuses an amount that differs, an expense another debit pays, a debit linked already, unknown ids and a bad body, and writes nothing', async () => {
    const differs = await link(debits.other, { depenseId: supplier });
    expect(differs.statusCode).toBe(409);
    expect(differs.json().message).toBe(msg.debitAmountDiffers);
    const taken = await link(debits.tooEarly, { depenseId: toll });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(msg.expenseHasDebit);
    const linkedAlready = await link(debits.toll, { depenseId: supplier });
    expect(linkedAlready.statusCode).toBe(409);
    expect(linkedAlready.json().message).toBe(msg.debitTaken);
    const unknownDebit = await link('7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c11', { depenseId: supplier });
    expect(unknownDebit.statusCode).toBe(404);
    expect(unknownDebit.json().message).toBe(msg.debitNotFound);
    const unknownExpense = await link(debits.supplier, { depenseId: '7a1f7a3e-5d0c-4a55-9f0e-2d7a1b7f0c12' });
    expect(unknownExpense.statusCode).toBe(404);
    expect(unknownExpense.json().message).toBe(msg.notFound);
    expect((await link(debits.supplier, { depenseId: 12 })).statusCode).toBe(400);
    expect((await link(debits.supplier, {})).statusCode).toBe(400);
    for (const id of [debits.other, debits.tooEarly, debits.supplier]) expect(await debitOf(id)).toBeNull();
  });

  it('links one of two debits tapped at the same instant to an expense, refuses the other, and the database refuses a second link', async () => {
    const fuel = (await expenseApi.create(t, admin, expenseBody({ montantCentimes: 5_000, tvaCentimes: 833, date: '2026-11-10' }))).body.id;
    const xml = camt053Xml([
      { montant: '50.00', sens: 'DBIT', nom: 'TOTAL', motif: 'CB CARBURANT LYON', reference: 'BQ-301', date: '2026-11-11' },
      { montant: '50.00', sens: 'DBIT', nom: 'TOTAL', motif: 'CB CARBURANT DIJON', reference: 'BQ-302', date: '2026-11-12' },
    ]);
    await importStatement({ database: t.app.database }, { id: 'admin' }, { filename: 'releve-2.xml', content: Buffer.from(xml, 'utf8') });
    const twins = await t.app.database.db
      .selectFrom('releve_operations')
      .select('id')
      .where('referenceBanque', 'in', ['BQ-301', 'BQ-302'])
      .execute();
    const answers = await Promise.all(twins.map((twin) => link(twin.id, { depenseId: fuel })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(msg.expenseHasDebit);
    const naming = await t.app.database.db.selectFrom('releve_operations').select('id').where('depenseId', '=', fuel).execute();
    expect(naming).toHaveLength(1);
    // Past the service's check, the unique index is the backstop: a second debit naming the expense is refused.
    const free = twins.find((twin) => twin.id !== naming[0]!.id)!.id;
    const written = await t.app.database.db
      .updateTable('releve_operations')
      .set({ depenseId: fuel })
      .where('id', '=', free)
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(written)).toBe(true);
    expect(await debitOf(free)).toBeNull();
  });

  it('gives the debit back when its expense is deleted: proposed no more, to record again', async () => {
    expect((await link(debits.supplier, { depenseId: supplier })).statusCode).toBe(200);
    expect((await expenseApi.delete(t, admin, supplier)).status).toBe(204);
    expect(await debitOf(debits.supplier)).toBeNull();
    expect(await proposals()).toEqual({});
  });
});
