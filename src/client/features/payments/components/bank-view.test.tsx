import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expensesRoutes, paymentsRoutes, routeKey } from '#domain/api-paths.ts';
import { formatCentimes } from '#domain/format.ts';
import type { BankOverview, Operation } from '#domain/schemas/payments.ts';
import { bankPageTexts as t, bankTexts } from '#domain/texts/payments.ts';
import { fakeApi, renderAt, requestOf } from '#client/test/render.tsx';
import { BankView } from './bank-view.tsx';

const credit = (overrides: Partial<Operation>): Operation => ({
  id: 'o1',
  date: '2026-11-25',
  montantCentimes: 45_050,
  contrepartie: 'M. DURAND PAUL',
  libelle: 'Convoyage Lyon',
  referenceBanque: 'BQ-002',
  statut: 'proposée',
  factureId: 'f2',
  paiementId: null,
  depenseId: null,
  ...overrides,
});

/** A debit of the statement (`montantCentimes` negative), not yet an expense unless `depenseId` says so. */
const debitLine = (id: string, montantCentimes: number, contrepartie: string, libelle: string, depenseId: string | null = null) =>
  credit({ id, montantCentimes, contrepartie, libelle, statut: 'débit', factureId: null, depenseId });

const overview = (aTraiter: Operation[]): BankOverview => ({
  correspondance: null,
  releves: [],
  aTraiter,
  debits: [],
  rapprochees: [],
  remboursements: [],
  factures: [
    { id: 'f1', numero: 'F-2026-0001', clientNom: 'Claire Martin', resteCentimes: 45_050, dateEcheance: null },
    { id: 'f2', numero: 'F-2026-0002', clientNom: 'Paul Durand', resteCentimes: 45_050, dateEcheance: null },
  ],
});

describe('the bank page', () => {
  it('names the invoices each recorded transfer paid, with a link to each', async () => {
    const recorded = { ...credit({ statut: 'rapprochée', montantCentimes: 90_100, contrepartie: 'SARL GARNIER' }), factures: [] };
    fakeApi({
      [routeKey(paymentsRoutes.bank)]: {
        body: {
          ...overview([]),
          rapprochees: [
            {
              ...recorded,
              factures: [
                { id: 'f1', numero: 'F-2026-0001' },
                { id: 'f2', numero: 'F-2026-0002' },
              ],
            },
            { ...recorded, id: 'o2', contrepartie: 'M. DURAND PAUL', factures: [{ id: 'f3', numero: 'F-2026-0003' }] },
          ],
        },
      },
    });
    renderAt(<BankView />, '/admin/banque');
    const split = (await screen.findByText(/SARL GARNIER/)).closest('li')!;
    expect(split.textContent).toBe(`25/11/2026 – SARL GARNIER – ${formatCentimes(90_100)} – F-2026-0001, F-2026-0002`);
    expect(screen.getByRole('link', { name: 'F-2026-0002' })).toHaveAttribute('href', '/admin/factures/f2');
    expect(screen.getByText(/M. DURAND PAUL/).closest('li')!.textContent).toMatch(/ – F-2026-0003$/);
  });

  it('prefills a proposed match, lets the administrator pick another invoice, and sends the one he chose', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: overview([credit({})]) },
      [routeKey(paymentsRoutes.matchOperation)]: { body: credit({ statut: 'rapprochée', factureId: 'f1', paiementId: 'p1' }) },
    });
    renderAt(<BankView />, '/admin/banque');
    const select = await screen.findByRole('combobox', { name: t.invoice });
    expect(select).toHaveValue('f2');
    expect(screen.getByText(/Convoyage Lyon/)).toHaveTextContent(t.proposed);

    await user.selectOptions(select, 'f1');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const match = calls.find((call) => call.method === 'POST');
    expect(match && `${match.method} ${match.path}`).toBe(requestOf(paymentsRoutes.matchOperation, { id: 'o1' }));
    expect(match?.body).toEqual({ factureIds: ['f1'] });
  });

  it('records one transfer for two invoices: each one chosen once, what they await together beside the amount', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: overview([credit({ montantCentimes: 90_100 })]) },
      [routeKey(paymentsRoutes.matchOperation)]: { body: credit({ statut: 'rapprochée', paiementId: 'p1' }) },
    });
    renderAt(<BankView />, '/admin/banque');
    await screen.findByRole('combobox', { name: t.invoice });
    await user.click(screen.getByRole('button', { name: t.addInvoice }));
    const second = screen.getByRole('combobox', { name: t.otherInvoice(2) });
    // The invoice chosen above is not offered again; an invoice must be chosen before recording.
    expect([...second.querySelectorAll('option')].map((option) => option.getAttribute('value'))).toEqual(['', 'f1']);
    expect(screen.getByRole('button', { name: t.confirm })).toBeDisabled();
    await user.selectOptions(second, 'f1');
    expect(screen.getByText(/^Reste à payer sur les factures choisies/).textContent).toBe(
      t.chosenTotal(formatCentimes(90_100), formatCentimes(90_100)),
    );
    await user.click(screen.getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ factureIds: ['f2', 'f1'] });
    expect(await screen.findByText(t.matched(2))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.removeInvoice(2) }));
    expect(screen.queryByRole('combobox', { name: t.otherInvoice(2) })).toBeNull();
  });

  it('cannot record a credit no invoice is chosen for', async () => {
    fakeApi({ [routeKey(paymentsRoutes.bank)]: { body: overview([credit({ statut: 'à traiter', factureId: null })]) } });
    renderAt(<BankView />, '/admin/banque');
    expect(await screen.findByRole('combobox', { name: t.invoice })).toHaveValue('');
    expect(screen.getByRole('button', { name: t.confirm })).toBeDisabled();
  });

  /** The bank page with `debit` to handle and a debit already an expense; `answers` for the requests the test makes. */
  function withDebits(debit: Operation, answers: Parameters<typeof fakeApi>[0]) {
    const done = debitLine('d2', -3_840, 'SNCF', 'CB SNCF', 'e2');
    const api = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: { ...overview([]), debits: [debit, done] } },
      [routeKey(expensesRoutes.debitProposals)]: { body: { propositions: [] } },
      ...answers,
    });
    renderAt(<BankView missions={[{ id: 'q1', label: 'Devis n° 12 – Lyon → Paris' }]} />, '/admin/banque');
    return api;
  }
  /** The one POST the page sent, as `calls` lists it. */
  async function sentPost(calls: ReturnType<typeof fakeApi>['calls']) {
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    return calls.find((call) => call.method === 'POST')!;
  }

  it('records a debit as an expense in one tap with the category its label names, and says which debits already are', async () => {
    const user = userEvent.setup();
    const { calls } = withDebits(debitLine('d1', -2_340, 'APRR', 'CB PEAGE VILLEFRANCHE'), {
      [routeKey(expensesRoutes.fromDebit)]: { status: 201, body: null },
    });
    expect(await screen.findByRole('combobox', { name: t.debitCategory })).toHaveValue('peage');
    expect(screen.getByText(/23,40/)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(t.isExpense))).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: t.toExpense })).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: t.debitMission }), 'q1');
    await user.click(screen.getByRole('button', { name: t.toExpense }));
    const sent = await sentPost(calls);
    expect(`${sent.method} ${sent.path}`).toBe(requestOf(expensesRoutes.fromDebit, { id: 'd1' }));
    expect(sent.body).toEqual({ categorie: 'peage', devisId: 'q1' });
  });

  it('sets aside a debit that is no expense (a deposit given back), and offers it only for the debits not yet an expense', async () => {
    const user = userEvent.setup();
    const refund = debitLine('d1', -14_700, 'LEA MARTIN', 'VIR REMBOURSEMENT ACOMPTE F-2026-0001');
    const { calls } = withDebits(refund, { [routeKey(paymentsRoutes.ignoreOperation)]: { body: { ...refund, statut: 'ignorée' } } });
    const ignore = await screen.findAllByRole('button', { name: t.ignoreDebit });
    expect(ignore).toHaveLength(1);
    await user.click(ignore[0]!);
    const sent = await sentPost(calls);
    expect(`${sent.method} ${sent.path}`).toBe(requestOf(paymentsRoutes.ignoreOperation, { id: 'd1' }));
  });

  it('proposes the refund a withdrawal owes for a debit of its amount, matches them in one tap and says so', async () => {
    const user = userEvent.setup();
    const refundDebit = debitLine('d1', -14_700, 'LEA MARTIN', 'VIR REMBOURSEMENT ACOMPTE');
    const owed = {
      paiementId: 'p9',
      factureId: 'f9',
      numero: 'F-2026-0009',
      clientNom: 'Léa Martin',
      date: '2026-11-20',
      montantCentimes: -14_700,
      retractation: true,
    };
    const other = { ...owed, paiementId: 'p8', factureId: 'f8', numero: 'F-2026-0008', montantCentimes: -9_000 };
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: { ...overview([]), debits: [refundDebit], remboursements: [other, owed] } },
      [routeKey(expensesRoutes.debitProposals)]: { body: { propositions: [] } },
      [routeKey(paymentsRoutes.matchOperation)]: { body: { ...refundDebit, statut: 'rapprochée', factureId: 'f9', paiementId: 'p9' } },
    });
    renderAt(<BankView />, '/admin/banque');
    const proposal = await screen.findByText(/Remboursement après rétractation/);
    expect(proposal).toHaveTextContent(t.refundProposal('F-2026-0009', 'Léa Martin', '20/11/2026', true));
    expect(screen.queryByText(/F-2026-0008/)).toBeNull();

    await user.click(screen.getByRole('button', { name: t.matchRefund }));
    const sent = await sentPost(calls);
    expect(`${sent.method} ${sent.path}`).toBe(requestOf(paymentsRoutes.matchOperation, { id: 'd1' }));
    expect(sent.body).toEqual({ factureIds: ['f9'] });
    expect(await screen.findByText(t.refundMatched('F-2026-0009'))).toBeInTheDocument();
  });

  it('lists a debit matched with a refund among the recorded lines as the amount given back, with its invoice', async () => {
    const line = { ...debitLine('d1', -14_700, 'LEA MARTIN', 'VIR'), statut: 'rapprochée' as const, factureId: 'f9' };
    fakeApi({
      [routeKey(paymentsRoutes.bank)]: {
        body: { ...overview([]), rapprochees: [{ ...line, factures: [{ id: 'f9', numero: 'F-2026-0009' }] }] },
      },
      [routeKey(expensesRoutes.debitProposals)]: { body: { propositions: [] } },
    });
    renderAt(<BankView />, '/admin/banque');
    const recorded = await screen.findByText(new RegExp(t.refunded(formatCentimes(14_700)).replace(/\s/g, '\\s')));
    expect(recorded).toHaveTextContent('LEA MARTIN');
    expect(screen.getByRole('link', { name: 'F-2026-0009' })).toBeInTheDocument();
    expect(screen.getByText(t.noDebits)).toBeInTheDocument();
  });

  it('proposes the expense recorded already that a debit pays, and links them in one tap rather than record it twice', async () => {
    const user = userEvent.setup();
    const debit = debitLine('d1', -3_500, 'APRR', 'CB PEAGE');
    const toll = {
      id: 'e1',
      devisId: null,
      numeroDevis: null,
      categorie: 'peage' as const,
      montantCentimes: 3_500,
      tvaCentimes: 583,
      date: '2026-11-02',
      moyenPaiement: 'carte' as const,
      note: 'Péage de Villefranche',
      justificatif: null,
      factureId: null,
      verrouillee: false,
      createdAt: '2026-11-02T09:00:00.000Z',
      updatedAt: '2026-11-02T09:00:00.000Z',
    };
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: { ...overview([]), debits: [debit] } },
      [routeKey(expensesRoutes.debitProposals)]: { body: { propositions: [{ operationId: 'd1', depense: toll }] } },
      [routeKey(expensesRoutes.linkDebit)]: { body: toll },
    });
    renderAt(<BankView />, '/admin/banque');
    const line = await screen.findByText(/Déjà enregistrée/);
    expect(line).toHaveTextContent(t.alreadyRecorded('02/11/2026', 'Péage', '35,00 €', 'Péage de Villefranche').replace(/\s/g, ' '));
    // Recording it anyway stays possible, below.
    expect(screen.getByRole('button', { name: t.toExpense })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: t.linkToExpense }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const sent = calls.find((call) => call.method === 'POST');
    expect(sent && `${sent.method} ${sent.path}`).toBe(requestOf(expensesRoutes.linkDebit, { id: 'd1' }));
    expect(sent?.body).toEqual({ depenseId: 'e1' });
  });

  it('reads the header of a CSV chosen before any mapping is saved, proposes its columns, saves them and imports the file', async () => {
    const user = userEvent.setup();
    const { calls } = fakeApi({
      [routeKey(paymentsRoutes.bank)]: { body: overview([]) },
      [routeKey(paymentsRoutes.saveCsvMapping)]: ({ body }) => ({ body }),
      [routeKey(paymentsRoutes.importStatement)]: {
        body: { releveId: 'r1', operations: 1, nouvelles: 1, rapprochees: 1, proposees: 0, aTraiter: 0, debits: 0, ignorees: 0 },
      },
    });
    renderAt(<BankView />, '/admin/banque');
    await screen.findByText(t.nothingToHandle);
    // Crédit Agricole's export: an account preamble, then the header; Windows-1252, as the bank writes it.
    const csv = [
      'Téléchargement du 27/11/2026;',
      '',
      'Date;Libellé;Débit Euros;Crédit Euros;Référence;',
      '26/11/2026;"VIR ROUX";;508,00;R1;',
    ];
    const latin1 = Uint8Array.from(csv.join('\r\n'), (char) => char.charCodeAt(0));
    await user.upload(screen.getByLabelText(t.file), new File([latin1], 'releve.csv', { type: 'text/csv' }));

    expect(await screen.findByText(t.mappingNeeded)).toBeVisible();
    expect(screen.getByLabelText(t.columnDate)).toHaveValue('Date');
    expect(screen.getByLabelText(t.columnAmount)).toHaveValue('');
    expect(screen.getByLabelText(t.columnDebit)).toHaveValue('Débit Euros');
    expect(screen.getByLabelText(t.columnCredit)).toHaveValue('Crédit Euros');
    expect(screen.getByLabelText(t.columnReference)).toHaveValue('Référence');

    // A column that the form's rule refuses is said on its field, and nothing is sent.
    await user.clear(screen.getByLabelText(t.columnLabel));
    await user.click(screen.getByRole('button', { name: t.saveMappingAndImport }));
    expect(await screen.findByText(bankTexts.mappingRequired)).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.type(screen.getByLabelText(t.columnLabel), 'Libellé');
    await user.click(screen.getByRole('button', { name: t.saveMappingAndImport }));
    expect(await screen.findByText(t.imported(1, 1, 0, 0))).toBeVisible();
    expect(screen.getByText(t.mappingSaved)).toBeVisible();
    const sent = calls.map((call) => `${call.method} ${call.path}`);
    expect(sent.indexOf(requestOf(paymentsRoutes.saveCsvMapping))).toBeLessThan(sent.indexOf(requestOf(paymentsRoutes.importStatement)));
    // The columns as read and retyped, an empty one as none.
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      colonneLibelle: 'Libellé',
      colonneMontant: null,
      colonneDebit: 'Débit Euros',
      colonneCredit: 'Crédit Euros',
      colonneContrepartie: null,
    });
  });
});
