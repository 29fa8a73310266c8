import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankApiMessages, bankTexts, statementErrors } from '#domain/texts/payments.ts';
import { AppError } from '#server/errors.ts';
import { depsOf as invoiceDeps, issuedThroughService } from '#server/invoices/test-factories.ts';
import { getInvoice } from '#server/invoices/service.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { bankCreditsToHandle } from './a-faire.ts';
import { bankOverview, ignoreOperation, importStatement, matchOperation } from './statements.ts';
import { camt053Xml } from './statements/test-factories.ts';

const admin = { id: 'admin' };
const file = (xml: string, filename = 'releve.xml') => ({ filename, content: Buffer.from(xml, 'utf8') });

describe.each(ENGINES)('bank statements on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { BUSINESS_IBAN: 'FR7630006000011234567890189' } });
  });
  afterAll(() => t.close());

  const deps = () => ({ database: t.app.database });
  const invoice = (id: string) => getInvoice(invoiceDeps(t), id);
  const count = async (table: 'releves' | 'releve_operations' | 'facture_paiements') =>
    Number(
      (
        await t.app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('records a transfer naming its invoice at once, proposes one by amount and payer, leaves the unknown one, and lists the debits; a re-import records nothing twice', async () => {
    const claire = await createCustomer(t, { name: 'Claire Martin' });
    const paul = await createCustomer(t, { name: 'Paul Durand' });
    const sure = await invoice(await issuedThroughService(t, claire));
    const proposed = await invoice(await issuedThroughService(t, paul));
    const xml = camt053Xml([
      { montant: '450.50', nom: 'MARTIN CLAIRE', motif: `Reglement facture ${sure.numero}`, reference: 'BQ-001', date: '2026-11-24' },
      { montant: '450.50', nom: 'M. DURAND PAUL', motif: 'Convoyage Lyon', reference: 'BQ-002', date: '2026-11-25' },
      { montant: '99.00', nom: 'INCONNU SARL', motif: 'Divers', reference: 'BQ-003', date: '2026-11-25' },
      { montant: '38.40', sens: 'DBIT', nom: 'SNCF VOYAGEURS', motif: 'Billet retour', reference: 'BQ-004', date: '2026-11-26' },
    ]);

    const summary = await importStatement(deps(), admin, file(xml));
    expect(summary).toMatchObject({ operations: 4, nouvelles: 4, rapprochees: 1, proposees: 1, aTraiter: 1, debits: 1 });

    const paid = await invoice(sure.id);
    expect(paid.etat).toBe('payée');
    expect(paid.paiements).toEqual([expect.objectContaining({ date: '2026-11-24', montantCentimes: 45_050, moyen: 'virement' })]);
    expect((await invoice(proposed.id)).paiements).toEqual([]);

    const lines = await t.app.database.db
      .selectFrom('releve_operations')
      .selectAll()
      .orderBy('date')
      .orderBy('montantCentimes', 'desc')
      .execute();
    expect(lines.map((line) => [line.referenceBanque, line.statut, line.factureId])).toEqual([
      ['BQ-001', 'rapprochée', sure.id],
      ['BQ-002', 'proposée', proposed.id],
      ['BQ-003', 'à traiter', null],
      ['BQ-004', 'débit', null],
    ]);

    // « À faire » shows the two credits waiting for the administrator, the proposal first to confirm.
    const waiting = await bankCreditsToHandle(deps());
    expect(waiting).toMatchObject({ type: 'banque-a-rapprocher', nombre: 2, proposees: 1 });
    expect(waiting?.type === 'banque-a-rapprocher' && waiting.operations.toSorted((x, y) => y.montantCentimes - x.montantCentimes)).toEqual(
      [
        { id: lines[1]!.id, date: '2026-11-25', montantCentimes: 45_050, contrepartie: 'M. DURAND PAUL', proposee: true },
        { id: lines[2]!.id, date: '2026-11-25', montantCentimes: 9_900, contrepartie: 'INCONNU SARL', proposee: false },
      ],
    );

    // The same file again, and a statement overlapping it: nothing recorded twice.
    const payments = await count('facture_paiements');
    expect(await importStatement(deps(), admin, file(xml))).toMatchObject({ nouvelles: 0, rapprochees: 0, proposees: 0 });
    expect(await count('facture_paiements')).toBe(payments);
    expect(await count('releve_operations')).toBe(4);

    // The administrator confirms the proposal: recorded as a transfer on its booking day.
    await matchOperation(deps(), lines[1]!.id, [proposed.id]);
    expect((await invoice(proposed.id)).paiements).toEqual([
      expect.objectContaining({ date: '2026-11-25', montantCentimes: 45_050, moyen: 'virement' }),
    ]);
    await expect(matchOperation(deps(), lines[1]!.id, [proposed.id])).rejects.toMatchObject({ statusCode: 409 });
    // The unknown credit cannot pay an invoice that awaits nothing more.
    await expect(matchOperation(deps(), lines[2]!.id, [sure.id])).rejects.toMatchObject({ statusCode: 409 });
    // Set aside, it leaves « À faire » with the confirmed one.
    await ignoreOperation(deps(), lines[2]!.id);
    expect(await bankCreditsToHandle(deps())).toBeNull();
    // A debit that is no expense (a deposit given back) is set aside too, and leaves the page's debits.
    await ignoreOperation(deps(), lines[3]!.id);
    expect((await bankOverview(deps())).debits).toEqual([]);
    await expect(ignoreOperation(deps(), lines[3]!.id)).rejects.toMatchObject({ statusCode: 409 });
  });

  it('splits one transfer over the invoices it pays together, the one due first in full, and records all or nothing', async () => {
    const headers = (await createAdmin(t)).headers;
    const sophie = await createCustomer(t, { name: 'Sophie Garnier' });
    const issued = async (today: string) => invoice(await issuedThroughService(t, sophie, today));
    const [older, newer, third, fourth, fifth, sixth] = await Promise.all(
      ['2026-11-01', '2026-11-15', '2026-11-02', '2026-11-16', '2026-11-03', '2026-11-17'].map((day) => issued(day)),
    );
    const xml = camt053Xml([
      { montant: '901.00', nom: 'GARNIER SOPHIE', motif: 'Factures de novembre', reference: 'BQ-101', date: '2026-11-27' },
      { montant: '500.00', nom: 'GARNIER SOPHIE', motif: 'Acompte sur factures', reference: 'BQ-102', date: '2026-11-27' },
      { montant: '1000.00', nom: 'GARNIER SOPHIE', motif: 'Solde', reference: 'BQ-103', date: '2026-11-27' },
      { montant: '400.00', nom: 'GARNIER SOPHIE', motif: 'Solde', reference: 'BQ-104', date: '2026-11-27' },
    ]);
    await importStatement(deps(), admin, file(xml));
    const lines = await t.app.database.db.selectFrom('releve_operations').select(['id', 'referenceBanque']).execute();
    const lineOf = (reference: string) => lines.find((line) => line.referenceBanque === reference)!.id;
    const match = (reference: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/banque/operations/${lineOf(reference)}/rapprochement`, headers, payload });

    // Picked in any order: the invoice due first is paid in full, then the next.
    const both = await match('BQ-101', { factureIds: [newer!.id, older!.id] });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json()).toMatchObject({ statut: 'rapprochée', factureId: older!.id });
    for (const paid of [older!, newer!]) {
      expect(await invoice(paid.id)).toMatchObject({ etat: 'payée' });
      expect((await invoice(paid.id)).paiements).toEqual([
        expect.objectContaining({ date: '2026-11-27', montantCentimes: 45_050, moyen: 'virement' }),
      ]);
    }
    expect((await match('BQ-101', { factureIds: [newer!.id, older!.id] })).json().message).toBe(bankApiMessages.alreadyHandled);
    // The bank page's recorded transfers name both invoices, the one paid first first.
    const bank = await t.app.inject({ url: '/api/admin/banque', headers });
    const recorded = bank.json().rapprochees.find((line: { referenceBanque: string }) => line.referenceBanque === 'BQ-101');
    expect(recorded.factures).toEqual([
      { id: older!.id, numero: older!.numero },
      { id: newer!.id, numero: newer!.numero },
    ]);

    // Short of the whole: the later invoice keeps what is left to pay.
    expect((await match('BQ-102', { factureIds: [third!.id, fourth!.id] })).statusCode).toBe(200);
    expect((await invoice(third!.id)).etat).toBe('payée');
    expect((await invoice(fourth!.id)).paiements).toEqual([expect.objectContaining({ montantCentimes: 4_950 })]);

    // More than both await, or not enough to reach the second: 409 in French, nothing written.
    const payments = await count('facture_paiements');
    const tooMuch = await match('BQ-103', { factureIds: [fifth!.id, sixth!.id] });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, bankApiMessages.moreThanDueTogether]);
    const tooLittle = await match('BQ-104', { factureIds: [fifth!.id, sixth!.id] });
    expect([tooLittle.statusCode, tooLittle.json().message]).toEqual([409, bankApiMessages.notEnoughForAll]);
    const paidAlready = await match('BQ-104', { factureIds: [fifth!.id, older!.id] });
    expect([paidAlready.statusCode, paidAlready.json().message]).toEqual([409, bankApiMessages.invoiceNotPayable]);
    for (const payload of [
      {},
      { factureId: fifth!.id, factureIds: [sixth!.id] },
      { factureIds: [] },
      { factureIds: Array(11).fill(fifth!.id) },
    ]) {
      const refused = await match('BQ-104', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await match('BQ-104', {})).json().details).toEqual([{ path: 'factureIds', message: bankTexts.invoicesToMatch(10) }]);
    expect(await count('facture_paiements')).toBe(payments);

    // A transfer naming both invoices for exactly what they await together: recorded at once by the import.
    const both2 = camt053Xml([
      {
        montant: '901.00',
        nom: 'GARNIER SOPHIE',
        motif: `Factures ${fifth!.numero} et ${sixth!.numero}`,
        reference: 'BQ-105',
        date: '2026-11-28',
      },
    ]);
    expect(await importStatement(deps(), admin, file(both2))).toMatchObject({ nouvelles: 1, rapprochees: 1, aTraiter: 0 });
    for (const paid of [fifth!, sixth!]) expect(await invoice(paid.id)).toMatchObject({ etat: 'payée', resteCentimes: 0 });
    expect(await count('facture_paiements')).toBe(payments + 2);
  });

  it('refuses a malformed file with a French 400 and records nothing', async () => {
    const before = await Promise.all([count('releves'), count('releve_operations'), count('facture_paiements')]);
    const broken = camt053Xml([{ montant: '12.00', nom: 'X' }]).replace('</Stmt>', '');
    const error = await importStatement(deps(), admin, file(broken)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 400 });
    expect((error as Error).message).toMatch(/^Le fichier XML est mal formé/);
    const csv = await importStatement(deps(), admin, file('Date;Libellé;Montant\n01/11/2026;VIR;12,00\n', 'releve.csv')).catch(
      (caught: unknown) => caught,
    );
    expect(csv).toMatchObject({ statusCode: 400, message: statementErrors.csvNoMapping });
    expect(await Promise.all([count('releves'), count('releve_operations'), count('facture_paiements')])).toEqual(before);
  });
});
