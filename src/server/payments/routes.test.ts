import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPath, apiRoutes } from '#domain/api-paths.ts';
import type { AFaire } from '#domain/schemas/a-faire.ts';
import type { BankOverview, PaymentPage } from '#domain/schemas/payments.ts';
import { bankApiMessages, bankTexts, depositCancellationTexts, statementErrors } from '#domain/texts/payments.ts';
import type { Devis } from '#domain/schemas/devis.ts';
import { invoiceMailTexts } from '#domain/texts/invoices.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { formatCentimes, formatDay, parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { withdrawalDeadline } from '#domain/legal.ts';
import { getInvoice } from '#server/invoices/service.ts';
import { addProfile, api as invoiceApi, depsOf as invoiceDeps, signedOnPaperDeposit } from '#server/invoices/test-factories.ts';
import { pdfAttachments, validateEn16931, validateXsd } from '#server/test/einvoice-rules.ts';
import { insertQuote, multipartBody } from '#server/quotes/back-office-test-factories.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import type { FakeStripe } from '#server/test/fake-stripe.ts';
import { addressOf, lastMailTo, createCustomer, ENGINES, postWebhook, PUBLIC_URL, type TestApp } from '#server/test/helpers.ts';
import { camt053Xml } from './statements/test-factories.ts';
import { startCardPaymentsApp } from './test-factories.ts';

// The EN 16931 rules are compiled by Saxon on first use: many seconds on a busy machine (a time limit, not a budget).
vi.setConfig({ testTimeout: 120_000 });

const { payments, quotes } = apiRoutes;

/**
 * Getting paid through the API, as the browser and the provider call it: a quote signed with a
 * 30 % deposit gets its deposit invoice e-mailed with the transfer's QR code; « Payer en ligne »
 * opens the provider's page; only the signed notification records the payment; a statement
 * uploaded as multipart records the transfer naming an invoice, once.
 */
describe.each(ENGINES)('getting paid through the API on %s', (engine) => {
  let t: TestApp;
  let fake: FakeStripe;
  let admin: { cookie: string; origin: string };
  let close: (() => Promise<void>) | undefined;
  beforeAll(
    async () =>
      void ({ t, fake, admin, close } = await startCardPaymentsApp(engine, {
        BUSINESS_IBAN: 'FR7630006000011234567890189',
        BUSINESS_BIC: 'AGRIFRPP',
      })),
  );
  afterAll(() => close?.());

  /** A quote of a new customer with a 30 % deposit on 420,50 €, confirmed signed by the administrator. */
  async function signedWithDeposit(overrides: Parameters<typeof createQuoteInStatus>[3] = {}) {
    const customer = await createCustomer(t, { name: 'Claire Martin' });
    await addProfile(t, customer);
    const quote = await createQuoteInStatus(t.app.database, customer, 'envoyé', { prixCentimes: 42_050, ...overrides });
    await t.app.database.db.updateTable('devis').set({ acomptePourcent: 30 }).where('id', '=', quote.id).execute();
    const view = await t.app.inject({
      method: 'GET',
      url: apiPath(apiRoutes.signatures.signingView, { id: quote.id }),
      headers: customer.headers,
    });
    expect(view.json()).toMatchObject({ prix: 420.5, acomptePourcent: 30 });
    return { customer, quote, deposit: await signedOnPaperDeposit(t, admin, quote.id) };
  }

  it('asks the deposit at confirmation, prefilled from DEPOSIT_PERCENT, and states it in the quote’s PDF and e-mail and on the signing page', async () => {
    const line = 'Acompte à la signature : 126,15 € (30 %)';
    const quote = await insertQuote(t, { email: 'acompte@exemple.fr' });
    const shown = await t.app.inject({ method: 'GET', url: apiPath(quotes.adminGet, { id: quote.id }), headers: admin });
    expect(shown.json<Devis>()).toMatchObject({ acompteParDefaut: 30 });

    const confirm = (acomptePourcent: unknown) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(quotes.confirm, { id: quote.id }),
        headers: admin,
        payload: { prixFinal: '420,50', acomptePourcent, clauses: { km: false, longDistance: false } },
      });
    const refused = await confirm(150);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(bankTexts.depositInvalid);
    expect((await confirm(undefined)).statusCode).toBe(200);
    const row = await t.app.database.db.selectFrom('devis').select('acomptePourcent').where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(row.acomptePourcent).toBe(30);

    const mail = await lastMailTo(t, 'acompte@exemple.fr');
    // Amounts are written with no-break spaces (« 126,15 € »): compare the words.
    const words = (text: string | false | undefined) => (text || '').replace(/\s+/g, ' ');
    expect(words(mail?.text)).toContain(line);
    expect(words(mail?.html)).toContain(line);
    expect(words((await readPdf(mail!.attachments[0]!.content)).text)).toContain(line);
  });

  const webhook = (payload: string, signature: string) =>
    postWebhook(t, payments.stripeWebhook, payload, { 'stripe-signature': signature });

  it('issues the deposit invoice at signature, e-mails it with its QR code, records a card payment only from the signed notification, and gives it back by card on a withdrawal', async () => {
    const { customer, quote, deposit } = await signedWithDeposit();
    expect(deposit).toMatchObject({ statut: 'émise', totalCentimes: 12_615, dateEcheance: deposit.dateEmission });
    const mails = (await t.outbox()).filter((mail) => addressOf(mail) === customer.email);
    const depositMail = mails.find((mail) => mail.subject === invoiceMailTexts.depositSubject(deposit.numero!));
    expect(depositMail, mails.map((mail) => mail.subject).join(' | ')).toBeDefined();
    expect(depositMail!.attachments.map((file) => file.filename)).toContain(`virement-${deposit.numero}.png`);
    // On a phone's narrow column, the invoice's number is not broken at a hyphen (its text keeps plain hyphens, to be copied).
    expect(depositMail!.html).toContain(`<span style="white-space:nowrap">${deposit.numero}</span>`);
    expect(depositMail!.text).toContain(deposit.numero);

    const page = await t.app.inject({ method: 'GET', url: apiPath(payments.page, { id: deposit.id }), headers: customer.headers });
    expect(page.statusCode).toBe(200);
    const shown = page.json<PaymentPage>();
    expect(shown).toMatchObject({ enLigne: true, facture: { acompte: true, resteCentimes: 12_615 } });
    expect(shown.virement?.qrCode).toMatch(/^data:image\/svg\+xml/);

    const started = await t.app.inject({
      method: 'POST',
      url: apiPath(payments.startOnline, { id: deposit.id }),
      headers: { ...customer.headers, origin: PUBLIC_URL },
    });
    expect(started.statusCode, started.body).toBe(200);
    const sessionId = started.json<{ url: string }>().url.split('/').at(-1)!;
    const session = fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({ amount_total: 12_615, currency: 'eur' });

    const event = fake.eventFor('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' });
    const payload = JSON.stringify(event);
    // Forged, then late: refused, nothing recorded.
    expect((await webhook(payload, fake.sign(payload, { secret: 'whsec_other' }))).statusCode).toBe(400);
    expect((await webhook(payload, fake.sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 301 }))).statusCode).toBe(400);
    expect((await getInvoice(invoiceDeps(t), deposit.id)).paiements).toEqual([]);

    const applied = await webhook(payload, fake.sign(payload));
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ received: true, applied: true });
    const replay = await webhook(payload, fake.sign(payload));
    expect(replay.json()).toEqual({ received: true, applied: false });
    const paid = await getInvoice(invoiceDeps(t), deposit.id);
    expect(paid.etat).toBe('payée');
    expect(paid.paiements).toEqual([expect.objectContaining({ montantCentimes: 12_615, moyen: 'carte' })]);

    // Withdrawn from: the deposit goes back by the means it was paid with (L221-24), through the provider; no statement's debit is awaited.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: apiPath(apiRoutes.legal.withdraw, { id: quote.id }),
      headers: { ...customer.headers, origin: PUBLIC_URL },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await getInvoice(invoiceDeps(t), deposit.id)).paiements).toEqual([
      expect.objectContaining({ montantCentimes: 12_615, moyen: 'carte' }),
      expect.objectContaining({ montantCentimes: -12_615, moyen: 'carte' }),
    ]);
    const bank = (await t.app.inject({ method: 'GET', url: payments.bank.path, headers: admin })).json<BankOverview>();
    expect(bank.remboursements.map((refund) => refund.factureId)).not.toContain(deposit.id);
    // Nor can a statement's debit of that amount be matched with it.
    await uploadStatement([{ montant: '126.15', sens: 'DBIT', nom: 'Claire Martin', motif: 'Virement', reference: `CB-${deposit.id}` }]);
    const debit = (await t.app.inject({ method: 'GET', url: payments.bank.path, headers: admin }))
      .json<BankOverview>()
      .debits.find((line) => line.referenceBanque === `CB-${deposit.id}`)!;
    const refused = await t.app.inject({
      method: 'POST',
      url: apiPath(payments.matchOperation, { id: debit.id }),
      headers: admin,
      payload: { factureIds: [deposit.id] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(bankApiMessages.debitNotMatched);
  });

  it('records a transfer naming an invoice from an uploaded statement, once, and refuses a malformed file in French', async () => {
    const { deposit } = await signedWithDeposit();
    const upload = (content: string) => {
      const body = multipartBody([{ filename: 'releve.xml', contentType: 'application/xml', content: Buffer.from(content) }]);
      return t.app.inject({
        method: 'POST',
        url: payments.importStatement.path,
        headers: { ...admin, 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const statementsBefore = await t.app.database.db.selectFrom('releves').select('id').execute();
    const malformed = await upload('<?xml version="1.0"?><Document><BkToCstmrStmt>');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(statementErrors.xmlMalformed(1));
    expect(await t.app.database.db.selectFrom('releves').select('id').execute()).toEqual(statementsBefore);

    const file = camt053Xml([{ montant: '126.15', nom: 'Claire Martin', motif: `Facture ${deposit.numero}` }]);
    const first = await upload(file);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ operations: 1, nouvelles: 1, rapprochees: 1 });
    const again = await upload(file);
    expect(again.json()).toMatchObject({ operations: 1, nouvelles: 0, rapprochees: 0 });
    const paid = await getInvoice(invoiceDeps(t), deposit.id);
    expect(paid.paiements).toEqual([expect.objectContaining({ montantCentimes: 12_615, moyen: 'virement' })]);
  });
  it('makes the deposit invoice a Factur-X of type 386 and the final invoice deduct it (BT-113 paid, BT-115 due), both valid against EN 16931', async () => {
    const { customer, quote, deposit } = await signedWithDeposit();
    const facturX = async (pdfUrl: string) => {
      const download = await t.app.inject({ method: 'GET', url: pdfUrl, headers: customer.headers });
      expect(download.statusCode).toBe(200);
      const xml = (await pdfAttachments(download.rawPayload))[0]!.data.toString('utf8');
      expect(await validateXsd(xml)).toEqual({ valid: true, errors: [] });
      expect((await validateEn16931(xml)).filter((failure) => failure.flag === 'fatal')).toEqual([]);
      return xml;
    };
    const value = (xml: string, tag: string) => new RegExp(`<ram:${tag}[^>]*>([^<]*)</ram:${tag}>`).exec(xml)?.[1];

    const depositXml = await facturX(apiPath(apiRoutes.invoices.pdf, { id: deposit.id }));
    expect(value(depositXml, 'TypeCode')).toBe('386');
    expect(value(depositXml, 'DuePayableAmount')).toBe('126.15');

    expect((await t.app.inject({ method: 'POST', url: apiPath(quotes.finish, { id: quote.id }), headers: admin })).statusCode).toBe(200);
    const draft = await invoiceApi.draft(t, admin, quote.id);
    expect(draft.status).toBe(201);
    const issued = await invoiceApi.issue(t, admin, draft.body.id);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const finalXml = await facturX(issued.body.pdfUrl!);
    expect(value(finalXml, 'TypeCode')).toBe('380');
    expect(value(finalXml, 'GrandTotalAmount')).toBe('420.50');
    expect(value(finalXml, 'TotalPrepaidAmount')).toBe('126.15');
    expect(value(finalXml, 'DuePayableAmount')).toBe('294.35');
    expect(finalXml).toContain(deposit.numero!);
  });

  /** What the quote's documents say once the deposit was paid by transfer and then taken back. */
  async function documentsOf(devisId: string) {
    const db = t.app.database.db;
    const rows = await db.selectFrom('factures').selectAll().where('devisId', '=', devisId).orderBy('createdAt').execute();
    const paiements = await db
      .selectFrom('facture_paiements')
      .select(['factureId', 'montantCentimes'])
      .where(
        'factureId',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('montantCentimes', 'desc')
      .execute();
    return { rows, paiements };
  }

  /** A camt.053 statement of these entries uploaded by the administrator: the import's summary. */
  async function uploadStatement(entries: Parameters<typeof camt053Xml>[0]) {
    const body = multipartBody([{ filename: 'releve.xml', contentType: 'application/xml', content: Buffer.from(camt053Xml(entries)) }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: payments.importStatement.path,
      headers: { ...admin, 'content-type': body.contentType },
      payload: body.payload,
    });
    return uploaded.json();
  }

  async function payDepositByTransfer(deposit: { numero: string | null }) {
    expect(await uploadStatement([{ montant: '126.15', nom: 'Claire Martin', motif: `Facture ${deposit.numero}` }])).toMatchObject({
      rapprochees: 1,
    });
  }

  it('credits the deposit and records its refund when the consumer withdraws, once', async () => {
    const { customer, quote, deposit } = await signedWithDeposit();
    await payDepositByTransfer(deposit);
    const withdraw = () =>
      t.app.inject({
        method: 'POST',
        url: apiPath(apiRoutes.legal.withdraw, { id: quote.id }),
        headers: { ...customer.headers, origin: PUBLIC_URL },
      });
    const withdrawn = await withdraw();
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await withdraw()).statusCode).toBe(409);

    const { rows, paiements } = await documentsOf(quote.id);
    const notes = rows.filter((row) => row.type === 'avoir');
    expect(notes).toEqual([expect.objectContaining({ statut: 'émise', factureOrigineId: deposit.id, totalCentimes: 12_615 })]);
    expect(notes[0]!.numero).toMatch(/^A-\d{4}-\d{4}$/);
    expect(paiements).toEqual([
      { factureId: deposit.id, montantCentimes: 12_615 },
      { factureId: deposit.id, montantCentimes: -12_615 },
    ]);
    const credited = await getInvoice(invoiceDeps(t), deposit.id);
    expect(credited.resteCentimes).toBe(0);
    // Its payment page says it is cancelled by that credit note, not « réglée ».
    const pageAfter = await t.app.inject({
      method: 'GET',
      url: apiPath(apiRoutes.payments.page, { id: deposit.id }),
      headers: customer.headers,
    });
    expect(pageAfter.json<PaymentPage>().facture).toMatchObject({ resteCentimes: 0, annuleeParAvoir: notes[0]!.numero });
    const mails = (await t.outbox()).filter((mail) => addressOf(mail) === customer.email);
    expect(mails.map((mail) => mail.subject)).toContain(invoiceMailTexts.creditSubject(notes[0]!.numero!));
    // The operator is told what to give back, on which invoice, by when (L221-24: 14 days).
    const notice = (await t.outbox()).find((mail) => mail.subject === legalTexts.mailAdminSubject(quote.numeroDevis))!;
    expect(addressOf(notice)).toBe(t.config.adminEmail);
    const deadline = formatDay(addDays(parisToday(), 14));
    expect(notice.text).toContain(legalTexts.mailAdminRefund(formatCentimes(12_615), deposit.numero!, deadline));
    expect(notice.text).toContain(legalTexts.mailAdminRefundBooked);
  });

  it('matches the debit that gives the deposit back with the refund the withdrawal owes, once, and pays nothing again', async () => {
    const { customer, quote, deposit } = await signedWithDeposit();
    await payDepositByTransfer(deposit);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: apiPath(apiRoutes.legal.withdraw, { id: quote.id }),
      headers: { ...customer.headers, origin: PUBLIC_URL },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const summary = await uploadStatement([
      { montant: '126.15', sens: 'DBIT', nom: 'Claire Martin', motif: `Remboursement ${deposit.numero}`, reference: 'RB-1' },
      { montant: '50.00', sens: 'DBIT', nom: 'Garage', motif: 'Réparation', reference: 'RB-2' },
    ]);
    expect(summary).toMatchObject({ debits: 2 });
    const bank = async () => (await t.app.inject({ method: 'GET', url: payments.bank.path, headers: admin })).json<BankOverview>();
    const before = await bank();
    expect(before.remboursements).toContainEqual(
      expect.objectContaining({ factureId: deposit.id, numero: deposit.numero, montantCentimes: -12_615 }),
    );
    // « À faire » lists the refund, with its last day (L221-24: 14 days), until a debit is matched with it.
    const refundsToMake = async () => {
      const answer = await t.app.inject({ method: 'GET', url: apiRoutes.adminHome.aFaire.path, headers: admin });
      const item = answer.json<AFaire>().elements.find((element) => element.type === 'remboursements-a-faire');
      return item?.type === 'remboursements-a-faire' ? item.remboursements : [];
    };
    expect(await refundsToMake()).toContainEqual(
      expect.objectContaining({ factureId: deposit.id, montantCentimes: 12_615, avant: addDays(parisToday(), 14) }),
    );
    // The customer's payment page says the same: owed by transfer, by that day, until the debit is matched.
    const customerRefunds = async () => {
      const answer = await t.app.inject({ method: 'GET', url: apiPath(payments.page, { id: deposit.id }), headers: customer.headers });
      expect(answer.statusCode, answer.body).toBe(200);
      const { remboursements, enTropCentimes } = answer.json<PaymentPage>();
      return { remboursements, enTropCentimes };
    };
    expect(await customerRefunds()).toEqual({
      remboursements: [{ montantCentimes: 12_615, moyen: 'virement', statut: 'à faire', date: addDays(parisToday(), 14) }],
      enTropCentimes: 0,
    });
    const refundLine = before.debits.find((line) => line.referenceBanque === 'RB-1')!;
    const otherLine = before.debits.find((line) => line.referenceBanque === 'RB-2')!;
    const match = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(payments.matchOperation, { id }),
        headers: admin,
        payload: { factureIds: [deposit.id] },
      });

    const wrongAmount = await match(otherLine.id);
    expect(wrongAmount.statusCode).toBe(409);
    expect(wrongAmount.json().message).toBe(bankApiMessages.debitNotMatched);
    const matched = await match(refundLine.id);
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ statut: 'rapprochée', factureId: deposit.id });
    expect((await match(refundLine.id)).statusCode).toBe(409);

    const after = await bank();
    expect(after.remboursements.map((refund) => refund.factureId)).not.toContain(deposit.id);
    expect((await refundsToMake()).map((refund) => refund.factureId)).not.toContain(deposit.id);
    expect(after.debits.map((line) => line.id)).toContain(otherLine.id);
    expect(after.debits.map((line) => line.id)).not.toContain(refundLine.id);
    expect(after.rapprochees.find((line) => line.id === refundLine.id)?.factures).toEqual([{ id: deposit.id, numero: deposit.numero }]);
    // Made, on the day of the statement's debit, for the customer too.
    expect((await customerRefunds()).remboursements).toEqual([
      { montantCentimes: 12_615, moyen: 'virement', statut: 'effectué', date: refundLine.date },
    ]);
    // The refund was recorded at the withdrawal: the debit names it, nothing is paid or refunded again.
    expect((await documentsOf(quote.id)).paiements).toEqual([
      { factureId: deposit.id, montantCentimes: 12_615 },
      { factureId: deposit.id, montantCentimes: -12_615 },
    ]);
  });

  it('matches the debit of a refund the administrator recorded after cancelling a signed mission; « À faire » does not list it', async () => {
    const { quote, deposit } = await signedWithDeposit();
    await payDepositByTransfer(deposit);
    const removed = await t.app.inject({ method: 'DELETE', url: apiPath(quotes.adminDelete, { id: quote.id }), headers: admin });
    expect(removed.statusCode, removed.body).toBe(204);
    // He gave the deposit back by transfer, and records it on the invoice (his own word about his own money).
    const recorded = await t.app.inject({
      method: 'POST',
      url: apiPath(apiRoutes.invoices.recordPayment, { id: deposit.id }),
      headers: admin,
      payload: { date: parisToday(), montantCentimes: -12_615, moyen: 'virement' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    await uploadStatement([
      { montant: '126.15', sens: 'DBIT', nom: 'Claire Martin', motif: 'Remboursement', reference: `RA-${deposit.id}` },
    ]);
    const bank = (await t.app.inject({ method: 'GET', url: payments.bank.path, headers: admin })).json<BankOverview>();
    expect(bank.remboursements).toContainEqual(
      expect.objectContaining({ factureId: deposit.id, montantCentimes: -12_615, retractation: false }),
    );
    const aFaire = (await t.app.inject({ method: 'GET', url: apiRoutes.adminHome.aFaire.path, headers: admin })).json<AFaire>();
    expect(JSON.stringify(aFaire.elements)).not.toContain(deposit.id);

    const debit = bank.debits.find((line) => line.referenceBanque === `RA-${deposit.id}`)!;
    const matched = await t.app.inject({
      method: 'POST',
      url: apiPath(payments.matchOperation, { id: debit.id }),
      headers: admin,
      payload: { factureIds: [deposit.id] },
    });
    expect(matched.statusCode, matched.body).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: payments.bank.path, headers: admin })).json<BankOverview>();
    expect(after.rapprochees.find((line) => line.id === debit.id)?.factures).toEqual([{ id: deposit.id, numero: deposit.numero }]);
    expect(after.remboursements.map((refund) => refund.factureId)).not.toContain(deposit.id);
  });

  it('credits the deposit of a signed mission the administrator cancels, and nothing when the quote is not there', async () => {
    const { customer, quote, deposit } = await signedWithDeposit();
    const removed = await t.app.inject({ method: 'DELETE', url: apiPath(quotes.adminDelete, { id: quote.id }), headers: admin });
    expect(removed.statusCode, removed.body).toBe(204);
    const { rows } = await documentsOf(quote.id);
    const notes = rows.filter((row) => row.type === 'avoir');
    expect(notes).toEqual([expect.objectContaining({ statut: 'émise', factureOrigineId: deposit.id, totalCentimes: 12_615 })]);
    const mails = (await t.outbox()).filter((mail) => addressOf(mail) === customer.email);
    expect(mails.map((mail) => mail.subject)).toContain(invoiceMailTexts.creditSubject(notes[0]!.numero!));

    const again = await t.app.inject({ method: 'DELETE', url: apiPath(quotes.adminDelete, { id: quote.id }), headers: admin });
    expect(again.statusCode).toBe(404);
    expect((await documentsOf(quote.id)).rows.filter((row) => row.type === 'avoir')).toHaveLength(1);
  });

  it('keeps the deposit of a mission the customer cancels less than 7 days before its pickup (general terms, article 13), and refuses while the terms give it back', async () => {
    const pickupIn = (days: number) => ({ priseInfo: { datePriseEnCharge: addDays(parisToday(), days), debut: '08:00', fin: '10:00' } });
    const cancel = (id: string, acompte: string) =>
      t.app.inject({ method: 'DELETE', url: apiPath(quotes.adminDelete, { id }, { acompte }), headers: admin });
    const stillThere = async (id: string) =>
      (await t.app.database.db.selectFrom('devis').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    const keptNotices = async (email: string, numeroDevis: number) =>
      (await t.outbox()).filter((mail) => addressOf(mail) === email && mail.subject === depositCancellationTexts.mailSubject(numeroDevis));

    // A consumer who signed today may still withdraw: his deposit is his, whatever the pickup.
    const consumer = await signedWithDeposit(pickupIn(3));
    const refusedConsumer = await cancel(consumer.quote.id, 'conserver');
    expect(refusedConsumer.statusCode).toBe(409);
    expect(refusedConsumer.json().message).toBe(depositCancellationTexts.withdrawalPeriod(formatDay(withdrawalDeadline(new Date()))));
    expect(await stillThere(consumer.quote.id)).toBe(true);
    expect((await documentsOf(consumer.quote.id)).rows.filter((row) => row.type === 'avoir')).toEqual([]);
    // A value the route does not know: a French 400, nothing deleted.
    const unknown = await cancel(consumer.quote.id, 'garder');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'validation', details: [expect.objectContaining({ path: 'acompte' })] });
    expect(await stillThere(consumer.quote.id)).toBe(true);

    // His period over (signed a month ago), the pickup in 3 days: kept. No credit note, the deposit invoice still due, he is told.
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    await t.app.database.db.updateTable('devis_historique').set({ at: monthAgo }).where('devisId', '=', consumer.quote.id).execute();
    const kept = await cancel(consumer.quote.id, 'conserver');
    expect(kept.statusCode, kept.body).toBe(204);
    expect(await stillThere(consumer.quote.id)).toBe(false);
    const { rows } = await documentsOf(consumer.quote.id);
    expect(rows.map((row) => [row.id, row.type, row.statut])).toEqual([[consumer.deposit.id, 'facture', 'émise']]);
    const notices = await keptNotices(consumer.customer.email, consumer.quote.numeroDevis);
    expect(notices).toHaveLength(1);
    const text = notices[0]!.text?.replace(/\s+/g, ' ');
    expect(text).toContain(
      depositCancellationTexts.mailBody(consumer.quote.numeroDevis, formatCentimes(12_615), consumer.deposit.numero!).replace(/\s+/g, ' '),
    );
    expect(text).toContain(depositCancellationTexts.mailLeft(formatCentimes(12_615)).replace(/\s+/g, ' '));
    // The journal says the deposit was kept, on the deletion's entry.
    const journal = await t.app.inject({ method: 'GET', url: `${apiRoutes.audit.journal.path}?type=quote.delete`, headers: admin });
    const entries = journal.json<{ entrees: { devisId: string | null; details: Record<string, unknown> }[] }>().entrees;
    expect(entries.find((entry) => entry.devisId === consumer.quote.id)?.details).toMatchObject({ acompte: 'conserver' });

    // A business, the pickup 10 days away: the customer cancels free of charge.
    const business = await signedWithDeposit({ ...pickupIn(10), clientType: 'entreprise' });
    const refusedEarly = await cancel(business.quote.id, 'conserver');
    expect(refusedEarly.statusCode).toBe(409);
    expect(refusedEarly.json().message).toBe(depositCancellationTexts.freeCancellation);
    expect(await stillThere(business.quote.id)).toBe(true);
    expect(await keptNotices(business.customer.email, business.quote.numeroDevis)).toEqual([]);

    // A signed mission with no deposit invoice: nothing to keep.
    const customer = await createCustomer(t, { name: 'Paul Durand' });
    const noDeposit = await createQuoteInStatus(t.app.database, customer, 'en cours', { ...pickupIn(2), clientType: 'entreprise' });
    const refusedNone = await cancel(noDeposit.id, 'conserver');
    expect(refusedNone.statusCode).toBe(409);
    expect(refusedNone.json().message).toBe(depositCancellationTexts.noDeposit);
    expect(await stillThere(noDeposit.id)).toBe(true);
  });
});
