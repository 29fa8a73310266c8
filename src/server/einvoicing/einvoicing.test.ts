import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHmac } from 'node:crypto';
import {
  adminHomeRoutes,
  apiPath,
  einvoicingRoutes,
  expensesRoutes,
  invoicesRoutes,
  paymentsRoutes,
  quotesRoutes,
} from '#domain/api-paths.ts';
import { aFaireSchema } from '#domain/schemas/a-faire.ts';
import type { Achat, AchatList } from '#domain/schemas/einvoicing.ts';
import type { Depense } from '#domain/schemas/expenses.ts';
import { directoryLabels, lifecycleLabels, reasonLabels } from '#domain/texts/einvoicing.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { expenseApiMessages } from '#domain/texts/expenses.ts';
import { invoiceMailTexts } from '#domain/texts/invoices.ts';
import { withWriteTransaction } from '#server/db/index.ts';
import { claimDue } from '#server/outbox/lease-queue.ts';
import { addProfile, api, issuedInvoice, missionQuote, signedOnPaperDeposit } from '#server/invoices/test-factories.ts';
import { camt053Xml } from '#server/payments/statements/test-factories.ts';
import { multipartBody } from '#server/quotes/back-office-test-factories.ts';
import { pdfAttachments, platformRefusals, validateCdarRules, validateCdarSchema } from '#server/test/einvoice-rules.ts';
import { startFakePlatform, type FakePlatform } from '#server/test/fake-platform.ts';
import {
  addressOf,
  buildTestApp,
  createAdmin,
  createCustomer,
  ENGINES,
  postWebhook,
  useTestApp,
  type TestApp,
} from '#server/test/helpers.ts';
import { buildCdar } from './cdar.ts';
import { recordFlow } from './flows.ts';
import { supplierCii, type SupplierInvoiceFacts } from './test-factories.ts';

// The rules are compiled on first use (tens of seconds on a busy machine), then each check takes a second or two.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

type Headers = { cookie: string; origin: string };

/** The test's app pointed at the fake platform; its flow worker stopped, so that each test sends when it says. */
async function appWithPlatform(engine: (typeof ENGINES)[number], fake: FakePlatform, env: Record<string, string> = {}) {
  const t = await buildTestApp(engine, {
    env: fake.env({ PA_POLL_SECONDS: '0', PA_RETRY_BASE_MS: '0', PA_TIMEOUT_MS: '1000', PA_MAX_ATTEMPTS: '5', ...env }),
  });
  await t.app.einvoicing.worker!.stop();
  return t;
}

/** For a describe: a fake platform and the app pointed at it (appWithPlatform), with a signed-in administrator; closed after. */
function usePlatformApp(engine: (typeof ENGINES)[number]) {
  const fake = {} as FakePlatform;
  const t = {} as TestApp;
  const admin = {} as Headers;
  beforeAll(async () => {
    Object.assign(fake, await startFakePlatform());
    Object.assign(t, await appWithPlatform(engine, fake));
    Object.assign(admin, (await createAdmin(t)).headers);
  });
  afterAll(async () => {
    await t.close?.();
    await fake.close?.();
  });
  return { fake, t, admin };
}

/** A business customer's finished mission and its final invoice draft, the customer's SIRET taken off the draft. */
async function businessDraftWithoutSiret(t: TestApp, admin: Headers, name: string) {
  const customer = await createCustomer(t, { name });
  await addProfile(t, customer, { type: 'entreprise' });
  const quote = await missionQuote(t, customer, 'terminé', { entreprise: true });
  const draft = await api.draft(t, admin, quote.id);
  const lignes = draft.body.lignes.map(({ description, quantite, prixUnitaireCentimes }) => ({
    description,
    quantite,
    prixUnitaireCentimes,
  }));
  const client = { nom: draft.body.client.nom, adresse: draft.body.client.adresse, siret: null };
  expect((await api.update(t, admin, draft.body.id, { lignes, datePrestation: draft.body.datePrestation, client })).status).toBe(200);
  return draft.body;
}

const flowsOf = (t: TestApp, factureId: string) =>
  t.app.database.db.selectFrom('pa_flux').selectAll().where('factureId', '=', factureId).execute();

describe.each(ENGINES)('e-invoicing through an approved platform on %s', (engine) => {
  const { fake, t, admin } = usePlatformApp(engine);

  /** An invoice to a business customer, issued by the administrator. */
  async function businessInvoice(name = 'Transports Martin SAS') {
    const customer = await createCustomer(t, { name });
    await addProfile(t, customer, { type: 'entreprise' });
    return { customer, ...(await issuedInvoice(t, admin, customer, { entreprise: true })) };
  }

  it('submits an invoice issued to a business as one flow: our Factur-X PDF with its XML, tracking id the invoice number, rule B2B; the customer still gets his e-mail', async () => {
    const { customer, invoice } = await businessInvoice();
    const [recorded] = await flowsOf(t, invoice.id);
    expect(recorded).toMatchObject({ kind: 'facture', status: 'pending', trackingId: invoice.numero, processingRule: 'B2B' });

    await t.app.einvoicing.worker!.drain();
    const sent = fake.outgoing().filter((flow) => flow.trackingId === invoice.numero);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ flowSyntax: 'Factur-X', flowProfile: 'CIUS', processingRule: 'B2B', flowType: 'CustomerInvoice' });
    const file = fake.fileOf(sent[0]!.flowId)!;
    expect(file.contentType).toBe('application/pdf');
    const [xml] = await pdfAttachments(file.content);
    expect(xml?.name).toBe('factur-x.xml');
    expect(xml!.data.toString('utf8')).toContain(`<ram:ID>${invoice.numero}</ram:ID>`);
    // The very PDF stored and downloaded.
    const download = await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: admin });
    expect(Buffer.compare(download.rawPayload, file.content)).toBe(0);

    const [after] = await flowsOf(t, invoice.id);
    expect(after).toMatchObject({ status: 'sent', flowId: sent[0]!.flowId, ackStatus: 'Pending' });
    const mails = await t.outbox();
    expect(
      mails.some((mail) => addressOf(mail) === customer.email && mail.subject === invoiceMailTexts.issuedSubject(invoice.numero!)),
    ).toBe(true);

    // Acknowledged and deposited: « Déposée » on the invoice.
    await fake.settle();
    await t.app.einvoicing.poll();
    const state = (await t.app.einvoicing.statesOf([invoice.id])).get(invoice.id)!;
    expect(state).toMatchObject({ etat: '200', libelle: lifecycleLabels['200'] });
    expect(state.historique.map((entry) => entry.code)).toEqual(['200']);
  });

  it('does not submit an invoice to a private customer (it is e-reported), nor anything twice when the worker runs again', async () => {
    const customer = await createCustomer(t, { name: 'Marie Curie' });
    await addProfile(t, customer);
    const { invoice } = await issuedInvoice(t, admin, customer);
    const before = fake.outgoing().length;
    await t.app.einvoicing.worker!.drain();
    await t.app.einvoicing.worker!.drain();
    expect(await flowsOf(t, invoice.id)).toEqual([]);
    expect(fake.outgoing()).toHaveLength(before);
  });

  it('refuses to issue an invoice to a business customer without a valid SIRET, and uses no number', async () => {
    const draft = await businessDraftWithoutSiret(t, admin, 'Garage sans SIRET');
    const refused = await api.issue(t, admin, draft.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/SIRET/);
    expect((await api.get(t, admin, draft.id)).body).toMatchObject({ statut: 'brouillon', numero: null });
  });

  it('shows a rejection with its reason in French; the invoice stays issued', async () => {
    const { invoice } = await businessInvoice('Rejet & Fils');
    await t.app.einvoicing.worker!.drain();
    fake.rejectNext({ trackingId: invoice.numero!, reasonCode: 'InvalidSchema', reasonMessage: 'BT-49 absent' });
    await fake.settle();
    await t.app.einvoicing.poll();
    const motif = `${reasonLabels.InvalidSchema} (invoice : BT-49 absent)`;
    const shown = await api.call<{ plateforme: { etat: string; libelle: string; motif: string; historique: { libelle: string }[] } }>(
      t,
      admin,
      'GET',
      apiPath(einvoicingRoutes.invoicePlatform, { id: invoice.id }),
    );
    expect(shown.status).toBe(200);
    expect(shown.body.plateforme).toMatchObject({ etat: '213', libelle: 'Rejetée', motif });
    expect(shown.body.plateforme.historique.map((entry) => entry.libelle)).toEqual(['Rejetée']);
    // The invoice stays issued, and the list finds it by its platform state.
    expect((await api.get(t, admin, invoice.id)).body).toMatchObject({
      statut: 'émise',
      numero: invoice.numero,
      plateforme: { etat: '213', libelle: 'Rejetée', motif },
    });
    const rejected = await api.call<{ items: { id: string }[] }>(t, admin, 'GET', `${invoicesRoutes.list.path}?plateforme=213`);
    expect(rejected.body.items.map((item) => item.id)).toContain(invoice.id);
    const pending = await api.call<{ items: { id: string }[] }>(t, admin, 'GET', `${invoicesRoutes.list.path}?plateforme=200`);
    expect(pending.body.items.map((item) => item.id)).not.toContain(invoice.id);
  });

  it('follows the statuses the platforms and the buyer send (CDAR), each once, in order', async () => {
    const { invoice } = await businessInvoice('Statuts SARL');
    await t.app.einvoicing.worker!.drain();
    await fake.settle();
    await fake.emitStatus(invoice.numero!, '203');
    await fake.emitStatus(invoice.numero!, '205');
    await t.app.einvoicing.poll();
    await fake.emitStatus(invoice.numero!, '207', { reasonCode: 'TX_TVA_ERR', reason: 'Taux à vérifier' });
    await t.app.einvoicing.poll();
    await t.app.einvoicing.poll();
    const state = (await t.app.einvoicing.statesOf([invoice.id])).get(invoice.id)!;
    expect(state.historique.map((entry) => entry.libelle)).toEqual(['Déposée', 'Mise à disposition', 'Approuvée', 'En litige']);
    expect(state).toMatchObject({ etat: '207', libelle: 'En litige', motif: `${reasonLabels.TX_TVA_ERR} (Taux à vérifier)` });
    expect(await t.app.einvoicing.invoiceIdsIn('207')).toEqual([invoice.id]);
  });

  it('retries timeouts, 500s and malformed answers without losing the flow, never shows them as sent, and submits once', async () => {
    const { invoice } = await businessInvoice('Réseau Instable');
    fake.failNext('submit', 'timeout');
    fake.failNext('submit', '500');
    fake.failNext('submit', 'malformed');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await t.app.einvoicing.worker!.drain();
      const [flow] = await flowsOf(t, invoice.id);
      expect(flow).toMatchObject({ status: 'pending', attempts: attempt, flowId: null });
      expect(flow!.lastError).toBeTruthy();
      const state = (await t.app.einvoicing.statesOf([invoice.id])).get(invoice.id)!;
      expect(state.etat).toBe('en attente');
    }
    await t.app.einvoicing.worker!.drain();
    // Each attempt that failed left nothing at the platform (each retry looked first): one flow.
    const submitted = fake.outgoing().filter((flow) => flow.trackingId === invoice.numero);
    expect(submitted).toHaveLength(1);
    const [flow] = await flowsOf(t, invoice.id);
    expect(flow).toMatchObject({ status: 'sent', flowId: submitted[0]!.flowId });
  });

  it('after a platform that took the flow and then failed, finds it by its tracking id instead of submitting it again', async () => {
    const { invoice } = await businessInvoice('Double Envoi');
    fake.failNext('submit', 'accepted-then-500');
    await t.app.einvoicing.worker!.drain();
    await t.app.einvoicing.worker!.drain();
    expect(fake.outgoing().filter((flow) => flow.trackingId === invoice.numero)).toHaveLength(1);
    expect((await flowsOf(t, invoice.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('submits once after a crash: an invoice issued just before, and one whose worker died while sending it', async () => {
    const { invoice: waiting } = await businessInvoice('Avant Panne');
    const { invoice: dying } = await businessInvoice('Pendant Panne');
    // A worker claimed both (its claim ran out since); its request for `dying` reached the platform, then it died before recording it.
    const claimed = await claimDue(t.app.database, 'pa_flux', { now: new Date(), leaseMs: 1, limit: 100 });
    expect(claimed.map((row) => row.trackingId)).toEqual(expect.arrayContaining([waiting.numero, dying.numero]));
    const dyingPdf = (await t.app.inject({ method: 'GET', url: dying.pdfUrl!, headers: admin })).rawPayload;
    fake.acceptFlow({ trackingId: dying.numero!, flowSyntax: 'Factur-X' }, { content: dyingPdf, contentType: 'application/pdf' });

    // The restarted instance: same database, same files; the dead worker's claim has run out.
    const restarted = await buildTestApp(engine, { env: t.env });
    try {
      await restarted.app.einvoicing.worker!.stop();
      await restarted.app.einvoicing.worker!.drain();
      for (const invoice of [waiting, dying]) {
        expect(
          fake.outgoing().filter((flow) => flow.trackingId === invoice.numero),
          invoice.numero!,
        ).toHaveLength(1);
        expect((await flowsOf(t, invoice.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
      }
    } finally {
      await restarted.app.close();
    }
  });

  it('keeps back a status message that breaks the French rules, with the rules it breaks, and sends nothing', async () => {
    const { invoice } = await businessInvoice('Contrôle Avant Envoi');
    // A refusal without its reason: BR-FR-CDV-15.
    const payload = buildCdar({
      id: 'LC-test-invalide',
      issuedAt: new Date(),
      issuer: { role: 'BY', siren: '123456789' },
      recipient: { role: 'SE', siren: '732829320', electronicAddress: '732829320' },
      invoice: { number: invoice.numero!, typeCode: '380', issueDate: invoice.dateEmission!, sellerSiren: '732829320' },
      status: { code: '210' },
    });
    const row = await withWriteTransaction(t.app.database, (trx) =>
      recordFlow(trx, {
        kind: 'statut',
        factureId: null,
        achatId: null,
        periode: null,
        trackingId: 'LC-test-invalide',
        name: 'LC',
        flowSyntax: 'CDAR',
        processingRule: null,
        payload,
      }),
    );
    await t.app.einvoicing.worker!.drain();
    const kept = await t.app.database.db.selectFrom('pa_flux').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(kept.status).toBe('invalid');
    expect(kept.lastError).toContain('BR-FR-CDV-15');
    expect(fake.outgoing().filter((flow) => flow.trackingId === 'LC-test-invalide')).toEqual([]);
  });

  it('sends « Encaissée » (212) when a business invoice is paid, as a CDAR the French rules accept', async () => {
    const { invoice } = await businessInvoice('Bon Payeur');
    await t.app.einvoicing.worker!.drain();
    const paid = await api.pay(t, admin, invoice.id, {
      date: invoice.dateEmission,
      montantCentimes: invoice.totalCentimes,
      moyen: 'virement',
    });
    expect(paid.status).toBe(200);
    await t.app.einvoicing.worker!.drain();
    const status = fake.outgoing('CDAR').find((flow) => flow.name === `LC_${invoice.numero}_212`);
    expect(status).toBeDefined();
    const xml = fake.fileOf(status!.flowId)!.content.toString('utf8');
    expect(await validateCdarSchema(xml)).toEqual({ valid: true, errors: [] });
    expect((await validateCdarRules(xml)).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    expect(xml).toContain('<ram:ProcessConditionCode>212</ram:ProcessConditionCode>');
    expect(xml).toContain(`<ram:ValueAmount currencyID="EUR">${(invoice.totalCentimes / 100).toFixed(2)}</ram:ValueAmount>`);
  });

  /** A business customer's quote with a 30 % deposit, confirmed signed by the administrator: its deposit invoice is issued then. */
  async function signedBusinessQuoteWithDeposit(name: string) {
    const customer = await createCustomer(t, { name });
    await addProfile(t, customer, { type: 'entreprise' });
    const quote = await missionQuote(t, customer, 'envoyé', { entreprise: true });
    await t.app.database.db.updateTable('devis').set({ acomptePourcent: 30 }).where('id', '=', quote.id).execute();
    return { quote, deposit: await signedOnPaperDeposit(t, admin, quote.id) };
  }

  /** The one flow of a document the platform received, and its Factur-X XML. */
  async function submittedXml(numero: string) {
    const sent = fake.outgoing().filter((flow) => flow.trackingId === numero);
    expect(sent).toHaveLength(1);
    const [xml] = await pdfAttachments(fake.fileOf(sent[0]!.flowId)!.content);
    return xml!.data.toString('utf8');
  }

  it('submits a business customer’s deposit invoice (386) from its issue at signature, then the final invoice deducting it (S4, prepaid), both within the platforms’ rules; « Encaissée » when the bank pays the deposit', async () => {
    const { quote, deposit } = await signedBusinessQuoteWithDeposit('Acompte Logistique SARL');
    // Recorded in the transaction that issued it: there before any worker ran.
    expect(await flowsOf(t, deposit.id)).toEqual([
      expect.objectContaining({ kind: 'facture', status: 'pending', trackingId: deposit.numero, processingRule: 'B2B' }),
    ]);
    await t.app.einvoicing.worker!.drain();
    const depositXml = await submittedXml(deposit.numero!);
    expect(await platformRefusals(depositXml)).toEqual([]);
    expect(depositXml).toContain('<ram:TypeCode>386</ram:TypeCode>');
    expect(depositXml).toContain(`<ram:DuePayableAmount>${(deposit.totalCentimes / 100).toFixed(2)}</ram:DuePayableAmount>`);

    // Paid by transfer, read from the bank's statement: « Encaissée » goes back to the platform.
    const statement = multipartBody([
      {
        filename: 'releve.xml',
        contentType: 'application/xml',
        content: Buffer.from(
          camt053Xml([
            { montant: (deposit.totalCentimes / 100).toFixed(2), nom: 'Acompte Logistique', motif: `Facture ${deposit.numero}` },
          ]),
        ),
      },
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: paymentsRoutes.importStatement.path,
      headers: { ...admin, 'content-type': statement.contentType },
      payload: statement.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await t.app.einvoicing.worker!.drain();
    const cashed = fake.outgoing('CDAR').find((flow) => flow.name === `LC_${deposit.numero}_212`);
    const cdar = fake.fileOf(cashed!.flowId)!.content.toString('utf8');
    expect((await validateCdarRules(cdar)).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    expect(cdar).toContain('<ram:TypeCode>386</ram:TypeCode>');

    expect((await t.app.inject({ method: 'POST', url: apiPath(quotesRoutes.finish, { id: quote.id }), headers: admin })).statusCode).toBe(
      200,
    );
    const draft = await api.draft(t, admin, quote.id);
    const final = await api.issue(t, admin, draft.body.id);
    expect(final.status, JSON.stringify(final.body)).toBe(200);
    await t.app.einvoicing.worker!.drain();
    const finalXml = await submittedXml(final.body.numero!);
    expect(await platformRefusals(finalXml)).toEqual([]);
    expect(finalXml).toContain('<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>S4</ram:ID>');
    expect(finalXml).toContain(`<ram:TotalPrepaidAmount>${(deposit.totalCentimes / 100).toFixed(2)}</ram:TotalPrepaidAmount>`);
    expect(finalXml).toContain(
      `<ram:DuePayableAmount>${((final.body.totalCentimes - deposit.totalCentimes) / 100).toFixed(2)}</ram:DuePayableAmount>`,
    );
    expect(finalXml).toContain(`<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${deposit.numero}</ram:IssuerAssignedID>`);
  });

  it('submits the credit note of a business customer’s deposit when his signed mission is cancelled', async () => {
    const { quote, deposit } = await signedBusinessQuoteWithDeposit('Annulation Transports');
    const removed = await t.app.inject({ method: 'DELETE', url: apiPath(quotesRoutes.adminDelete, { id: quote.id }), headers: admin });
    expect(removed.statusCode, removed.body).toBe(204);
    const note = await t.app.database.db
      .selectFrom('factures')
      .selectAll()
      .where('factureOrigineId', '=', deposit.id)
      .executeTakeFirstOrThrow();
    expect(await flowsOf(t, note.id)).toEqual([expect.objectContaining({ status: 'pending', trackingId: note.numero })]);
    await t.app.einvoicing.worker!.drain();
    const xml = await submittedXml(note.numero!);
    expect(await platformRefusals(xml)).toEqual([]);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(`<ram:IssuerAssignedID>${deposit.numero}</ram:IssuerAssignedID>`);
  });

  it('tells from the Directory Service whether a customer receives e-invoices, cached with its date', async () => {
    fake.setDirectory('732829320', [
      { siren: '732829320', addressingIdentifier: '732829320', directoryLineStatus: 'Enabled', platformType: 'WK' },
    ]);
    fake.setDirectory('552081317', [{ siren: '552081317', addressingIdentifier: '552081317', directoryLineStatus: 'Upcoming' }]);
    const enabled = await t.app.einvoicing.directory('732829320', { refresh: true });
    expect(enabled).toMatchObject({ siren: '732829320', receives: 'oui', addressingIdentifier: '732829320' });
    expect(Date.parse(enabled!.checkedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await t.app.einvoicing.directory('552081317', { refresh: true })).toMatchObject({ receives: 'bientôt' });
    expect(await t.app.einvoicing.directory('356000000', { refresh: true })).toMatchObject({ receives: 'non' });
    // Cached: no call; a directory that fails keeps the last answer.
    const calls = fake.requests.filter((request) => request.url === '/v1/directory-line/search').length;
    expect(await t.app.einvoicing.directory('732829320')).toMatchObject({ receives: 'oui' });
    fake.failNext('directory', '500');
    expect(await t.app.einvoicing.directory('732829320', { refresh: true })).toMatchObject({
      receives: 'oui',
      checkedAt: enabled!.checkedAt,
    });
    expect(fake.requests.filter((request) => request.url === '/v1/directory-line/search').length).toBe(calls + 1);
  });

  it('looks a business customer up in the directory when his quote is confirmed, and shows the answer with its date', async () => {
    fake.setDirectory('732829320', [{ siren: '732829320', addressingIdentifier: '732829320', directoryLineStatus: 'Disabled' }]);
    await t.app.database.db.deleteFrom('pa_annuaire').where('siren', '=', '732829320').execute();
    const customer = await createCustomer(t, { name: 'Confirmée SARL' });
    const quote = await missionQuote(t, customer, 'en attente de confirmation', { entreprise: true });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: apiPath(quotesRoutes.confirm, { id: quote.id }),
      headers: admin,
      payload: { prixFinal: '450,50', clauses: { km: true, longDistance: true } },
    });
    expect(confirmed.statusCode).toBe(200);
    await t.app.background.drain();
    const shown = await api.call<{ enabled: boolean; annuaire: { receives: string; libelle: string; verifieLe: string } }>(
      t,
      admin,
      'GET',
      apiPath(einvoicingRoutes.directory, { siren: '732829320' }),
    );
    expect(shown.body).toMatchObject({
      enabled: true,
      annuaire: { receives: 'non', libelle: directoryLabels.non },
    });
    expect(Date.parse(shown.body.annuaire.verifieLe)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('does not let a bad platform answer pass for a reading: malformed search, token refused', async () => {
    fake.failNext('search', 'malformed');
    await expect(t.app.einvoicing.poll()).rejects.toThrow(/not JSON/);
    fake.failNext('token', '500');
    // A fresh app: its first call needs a token.
    const fresh = await appWithPlatform(engine, fake, {
      DATA_DIR: t.dataDir,
      ...(t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {}),
    });
    try {
      await expect(fresh.app.einvoicing.poll()).rejects.toThrow(/token: HTTP 500/);
      expect(await fresh.app.einvoicing.poll()).toMatchObject({ acknowledgements: expect.any(Number) });
    } finally {
      await fresh.app.close();
    }
  });

  it('checks the webhook’s signature and reads the platform when it is right', async () => {
    const secret = 'secret-du-webhook-de-test-0123456789';
    const signed = await appWithPlatform(engine, fake, {
      PA_WEBHOOK_SECRET: secret,
      DATA_DIR: t.dataDir,
      ...(t.env.DATABASE_URL ? { DATABASE_URL: t.env.DATABASE_URL } : {}),
    });
    try {
      const body = Buffer.from(JSON.stringify({ flowInfo: { flowId: 'x' } }));
      const good = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
      const call = (payload: Buffer, signature: string) =>
        postWebhook(signed, einvoicingRoutes.webhook, payload, { 'x-signature': signature });
      expect((await call(body, 'sha256=00')).statusCode).toBe(401);
      expect((await call(Buffer.from('{"other":1}'), good)).statusCode).toBe(401);
      // Hostile bodies: never a 5xx, never read (only their signature counts).
      for (const hostile of ['{"a":', 'x'.repeat(300 * 1024), '\u0000\u0001', `${'['.repeat(20_000)}`]) {
        const payload = Buffer.from(hostile);
        const signature = `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
        expect([202, 401, 413]).toContain((await call(payload, signature)).statusCode);
        expect((await call(payload, 'sha256=00')).statusCode).toBeLessThan(500);
      }
      const searches = fake.requests.filter((request) => request.url === '/v1/flows/search').length;
      const accepted = await call(body, good);
      expect(accepted.statusCode).toBe(202);
      await vi.waitFor(() =>
        expect(fake.requests.filter((request) => request.url === '/v1/flows/search').length).toBeGreaterThan(searches),
      );
    } finally {
      await signed.app.close();
    }
  });
});

describe.each(ENGINES)('e-invoicing left unconfigured on %s', (engine) => {
  const t = useTestApp(engine);

  it('changes nothing: the business invoice is e-mailed as before, no flow is recorded, no worker or task runs', async () => {
    const admin = (await createAdmin(t)).headers;
    const customer = await createCustomer(t, { name: 'Sans Plateforme SA' });
    await addProfile(t, customer, { type: 'entreprise' });
    const { invoice } = await issuedInvoice(t, admin, customer, { entreprise: true });
    expect(t.app.einvoicing.enabled).toBe(false);
    expect(t.app.einvoicing.worker).toBeNull();
    expect(await t.app.einvoicing.poll()).toBeNull();
    expect(await t.app.database.db.selectFrom('pa_flux').selectAll().execute()).toEqual([]);
    const mails = await t.outbox();
    expect(
      mails.some((mail) => addressOf(mail) === customer.email && mail.subject === invoiceMailTexts.issuedSubject(invoice.numero!)),
    ).toBe(true);

    // A business customer without SIRET is invoiced as before (only a platform would refuse it).
    const draft = await businessDraftWithoutSiret(t, admin, 'Sans SIRET SA');
    expect((await api.issue(t, admin, draft.id)).status).toBe(200);
  });
});

describe.each(ENGINES)('supplier invoices received through the platform on %s', (engine) => {
  const { fake, t, admin } = usePlatformApp(engine);

  it('stores a received supplier invoice once, with what it says; approving it makes an expense of the mission (its PDF the receipt) and sends « Approuvée »', async () => {
    // A supplier's Factur-X: one of ours, as another business would send it.
    const other = await createCustomer(t, { name: 'Client Pour Fournisseur' });
    await addProfile(t, other, { type: 'entreprise' });
    const { invoice: theirs, quote } = await issuedInvoice(t, admin, other, { entreprise: true });
    const pdf = (await t.app.inject({ method: 'GET', url: theirs.pdfUrl!, headers: admin })).rawPayload;
    const delivered = await fake.deliverSupplierInvoice({ content: pdf, contentType: 'application/pdf' });
    await t.app.einvoicing.poll();
    await t.app.einvoicing.poll();
    const purchases = await t.app.database.db.selectFrom('pa_achats').selectAll().execute();
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      flowId: delivered.flowId,
      fournisseurNom: t.config.seller.legalName,
      fournisseurSiren: '123456789',
      numero: theirs.numero,
      dateFacture: theirs.dateEmission,
      totalHtCentimes: theirs.totalCentimes,
      tvaCentimes: 0,
      totalTtcCentimes: theirs.totalCentimes,
      fileType: 'application/pdf',
      statut: 'reçue',
    });
    const listed = await api.call<{ items: { numero: string; fournisseurNom: string; statut: string; fichierUrl: string }[] }>(
      t,
      admin,
      'GET',
      einvoicingRoutes.purchases.path,
    );
    expect(listed.body.items).toEqual([
      expect.objectContaining({ numero: theirs.numero, fournisseurNom: t.config.seller.legalName, statut: 'reçue' }),
    ]);
    const file = await t.app.inject({ method: 'GET', url: listed.body.items[0]!.fichierUrl, headers: admin });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, pdf)).toBe(0);

    // Approved as an expense of the mission (expenses/): its amount, day and supplier, the PDF as its receipt.
    const approve = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(einvoicingRoutes.approvePurchase, { id: purchases[0]!.id }),
        headers: admin,
        payload: body,
      });
    const approved = await approve({ depense: true, devisId: quote.id });
    expect(approved.statusCode, approved.body).toBe(200);
    const depenseId = approved.json<{ depenseId: string }>().depenseId;
    expect(approved.json()).toMatchObject({ statut: 'approuvée', devisId: quote.id, depenseId: expect.any(String) });
    const expense = await t.app.inject({ method: 'GET', url: apiPath(expensesRoutes.get, { id: depenseId }), headers: admin });
    expect(expense.json()).toMatchObject({
      devisId: quote.id,
      categorie: 'autre',
      montantCentimes: theirs.totalCentimes,
      tvaCentimes: 0,
      date: theirs.dateEmission,
      note: `${t.config.seller.legalName} – ${theirs.numero}`,
      justificatif: { type: 'application/pdf' },
    });
    // Decided once: a second decision is refused and makes no second expense.
    expect((await approve({ depense: true, devisId: quote.id })).statusCode).toBe(409);
    expect(await t.app.database.db.selectFrom('depenses').select('id').where('devisId', '=', quote.id).execute()).toHaveLength(1);
    await t.app.einvoicing.worker!.drain();
    const status = fake.outgoing('CDAR').find((flow) => flow.name === `LC_${theirs.numero}_205`)!;
    const xml = fake.fileOf(status.flowId)!.content.toString('utf8');
    expect((await validateCdarRules(xml)).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    expect(xml).toContain('<ram:ProcessConditionCode>205</ram:ProcessConditionCode>');

    // The expense deleted later: the purchase stays approved and no longer names it.
    const removed = await t.app.inject({ method: 'DELETE', url: apiPath(expensesRoutes.delete, { id: depenseId }), headers: admin });
    expect(removed.statusCode).toBe(204);
    expect(
      await t.app.database.db.selectFrom('pa_achats').select(['statut', 'depenseId']).where('depenseId', '=', depenseId).execute(),
    ).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: einvoicingRoutes.purchases.path, headers: admin });
    expect(after.json<AchatList>().items.find((item) => item.numero === theirs.numero)).toMatchObject({
      statut: 'approuvée',
      depenseId: null,
    });
  });

  /** A supplier's CII invoice of 96 €, delivered by the platform and polled in: its purchase's id. */
  const receive = async (facts: Omit<SupplierInvoiceFacts, 'totalExclCents' | 'vatCents'>) => {
    const delivered = await fake.deliverSupplierInvoice({
      content: Buffer.from(supplierCii({ ...facts, totalExclCents: 8_000, vatCents: 1_600 })),
      contentType: 'application/xml',
    });
    await t.app.einvoicing.poll();
    await t.app.einvoicing.poll();
    return t.app.database.db.selectFrom('pa_achats').select('id').where('flowId', '=', delivered.flowId).executeTakeFirstOrThrow();
  };
  const listedPurchase = async (id: string) =>
    (await api.call<AchatList>(t, admin, 'GET', einvoicingRoutes.purchases.path)).body.items.find((item) => item.id === id);
  const approve = (id: string, body: object) => api.call<Achat>(t, admin, 'POST', apiPath(einvoicingRoutes.approvePurchase, { id }), body);
  const expenseOf = async (achat: Achat) =>
    (await api.call(t, admin, 'GET', apiPath(expensesRoutes.get, { id: achat.depenseId! }))).body as Depense;
  const flowsOfPurchase = (id: string) => t.app.database.db.selectFrom('pa_flux').select('id').where('achatId', '=', id).execute();
  /** A refused approval: 400 with the French message of its field; the invoice still to decide, no expense, no status sent. */
  const expectRefusedAndUndecided = async (id: string, answer: { status: number; body: unknown }, path: string, message: string) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ error: 'validation', message: apiErrorMessages.validation, details: [{ path, message }] });
    expect(await t.app.database.db.selectFrom('pa_achats').select(['statut', 'depenseId']).where('id', '=', id).executeTakeFirst()).toEqual(
      { statut: 'reçue', depenseId: null },
    );
    expect(
      await t.app.database.db.selectFrom('depenses').select('id').where('origine', '=', `facture-fournisseur:${id}`).execute(),
    ).toEqual([]);
    expect(await flowsOfPurchase(id)).toEqual([]);
  };

  it('makes the expense of the category the operator chose, else of the one its supplier and lines suggest; a category not in the list is refused and changes nothing', async () => {
    const fuel = await receive({
      supplier: 'TotalEnergies Marketing France',
      number: 'TE-0042',
      lines: ['Gazole B7'],
      paymentMeansCodes: ['48'],
    });
    const garage = await receive({ supplier: 'Garage Müller', number: 'GM-118', lines: ['Prestation de convoyage'] });
    expect(await listedPurchase(fuel.id)).toMatchObject({ categorieSuggeree: 'carburant', moyenPaiementSuggere: 'carte' });
    expect(await listedPurchase(garage.id)).toMatchObject({ categorieSuggeree: 'autre', moyenPaiementSuggere: 'virement' });

    const refused = await approve(fuel.id, { depense: true, devisId: null, categorie: 'essence' });
    await expectRefusedAndUndecided(fuel.id, refused, 'categorie', expenseApiMessages.categoryUnknown);

    // None sent (an older page): the suggestion; the card payment the invoice says it was paid by.
    const byGuess = await approve(fuel.id, { depense: true, devisId: null });
    expect(byGuess.status).toBe(200);
    expect(await expenseOf(byGuess.body)).toMatchObject({
      categorie: 'carburant',
      moyenPaiement: 'carte',
      montantCentimes: 9_600,
      tvaCentimes: 1_600,
    });
    // Chosen: that one, by transfer when the invoice names no means.
    const chosen = await approve(garage.id, { depense: true, devisId: null, categorie: 'parking' });
    expect(chosen.status).toBe(200);
    expect(await expenseOf(chosen.body)).toMatchObject({ categorie: 'parking', moyenPaiement: 'virement', note: 'Garage Müller – GM-118' });
    expect(await flowsOfPurchase(garage.id)).toHaveLength(1);
  });

  it('makes the expense paid by the means the operator chose, else by the first of the invoice’s means it knows; a means not in the list is refused and changes nothing', async () => {
    // A transfer (58) offered before a card (48): the transfer is the guess, kept as the invoice's code.
    const toll = await receive({ supplier: 'APRR', number: 'APRR-2026-7', lines: ['Péage A6'], paymentMeansCodes: ['58', '48'] });
    // A code we do not know (ZZZ, « mutually defined ») before a card: the card.
    const garage = await receive({ supplier: 'Garage Müller', number: 'GM-119', lines: ['Plaques'], paymentMeansCodes: ['ZZZ', '48'] });
    expect(await listedPurchase(toll.id)).toMatchObject({ categorieSuggeree: 'peage', moyenPaiementSuggere: 'virement' });
    expect(await listedPurchase(garage.id)).toMatchObject({ moyenPaiementSuggere: 'carte' });
    expect(
      await t.app.database.db
        .selectFrom('pa_achats')
        .select('codeMoyenPaiement')
        .where('id', 'in', [toll.id, garage.id])
        .orderBy('numero')
        .execute(),
    ).toEqual([{ codeMoyenPaiement: '58' }, { codeMoyenPaiement: '48' }]);

    const refused = await approve(toll.id, { depense: true, devisId: null, moyenPaiement: 'bitcoin' });
    await expectRefusedAndUndecided(toll.id, refused, 'moyenPaiement', expenseApiMessages.paymentMeansUnknown);

    // Chosen: the card the operator says he paid the toll with, of the suggested category.
    const chosen = await approve(toll.id, { depense: true, devisId: null, moyenPaiement: 'carte' });
    expect(chosen.status).toBe(200);
    expect(await expenseOf(chosen.body)).toMatchObject({ categorie: 'peage', moyenPaiement: 'carte', montantCentimes: 9_600 });
    expect(await flowsOfPurchase(toll.id)).toHaveLength(1);
    // None sent (an older page): the guess.
    const byGuess = await approve(garage.id, { depense: true, devisId: null, categorie: 'autre' });
    expect(byGuess.status).toBe(200);
    expect(await expenseOf(byGuess.body)).toMatchObject({ categorie: 'autre', moyenPaiement: 'carte' });
  });

  it('puts in « À faire » a rejected invoice until a credit note cancels it, and a received supplier invoice until it is decided', async () => {
    const aFaire = async () => {
      const answer = aFaireSchema.parse((await t.app.inject({ method: 'GET', url: adminHomeRoutes.aFaire.path, headers: admin })).json());
      return {
        toCorrect: answer.elements.find((item) => item.type === 'plateforme-a-corriger'),
        toDecide: answer.elements.find((item) => item.type === 'achats-a-traiter'),
      };
    };
    const customer = await createCustomer(t, { name: 'Rejetée SARL' });
    await addProfile(t, customer, { type: 'entreprise' });
    const { invoice } = await issuedInvoice(t, admin, customer, { entreprise: true });
    await t.app.einvoicing.worker!.drain();
    fake.rejectNext({ trackingId: invoice.numero!, reasonCode: 'InvalidSchema', reasonMessage: 'BT-49 absent' });
    await fake.settle();
    const pdf = (await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: admin })).rawPayload;
    await fake.deliverSupplierInvoice({ content: pdf, contentType: 'application/pdf' });
    await t.app.einvoicing.poll();
    await t.app.einvoicing.poll();

    const waiting = await aFaire();
    expect(waiting.toCorrect).toEqual({
      type: 'plateforme-a-corriger',
      nombre: 1,
      factures: [{ id: invoice.id, numero: invoice.numero, client: 'Rejetée SARL', etat: '213' }],
    });
    const [purchase] = await t.app.database.db.selectFrom('pa_achats').selectAll().where('statut', '=', 'reçue').execute();
    expect(waiting.toDecide).toMatchObject({
      type: 'achats-a-traiter',
      nombre: 1,
      achats: [{ id: purchase!.id, numero: invoice.numero, totalTtcCentimes: invoice.totalCentimes }],
    });

    // Done: the invoice cancelled by a credit note (to issue a corrected one), the purchase refused.
    expect((await api.credit(t, admin, invoice.id, { motif: 'Rejetée par la plateforme' })).status).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: apiPath(einvoicingRoutes.refusePurchase, { id: purchase!.id }),
      headers: admin,
      payload: { motif: 'DOUBLON', commentaire: null },
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await aFaire()).toEqual({ toCorrect: undefined, toDecide: undefined });
  });

  it('refuses a received invoice with a reason, sent back as « Refusée » (210) with its reason code', async () => {
    const other = await createCustomer(t, { name: 'Deuxième Fournisseur' });
    await addProfile(t, other, { type: 'entreprise' });
    const { invoice: theirs } = await issuedInvoice(t, admin, other, { entreprise: true });
    const pdf = (await t.app.inject({ method: 'GET', url: theirs.pdfUrl!, headers: admin })).rawPayload;
    const delivered = await fake.deliverSupplierInvoice({ content: pdf, contentType: 'application/pdf' });
    await t.app.einvoicing.poll();
    const purchase = await t.app.database.db
      .selectFrom('pa_achats')
      .selectAll()
      .where('flowId', '=', delivered.flowId)
      .executeTakeFirstOrThrow();
    const refusePath = apiPath(einvoicingRoutes.refusePurchase, { id: purchase.id });
    expect((await api.call(t, admin, 'POST', refusePath, { motif: 'PAS_UN_MOTIF', commentaire: null })).status).toBe(400);
    const refused = await api.call(t, admin, 'POST', refusePath, { motif: 'TX_TVA_ERR', commentaire: 'TVA facturée à tort' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ statut: 'refusée', motifRefus: `${reasonLabels.TX_TVA_ERR} – TVA facturée à tort` });
    expect((await api.call(t, admin, 'POST', refusePath, { motif: 'DOUBLON', commentaire: null })).status).toBe(409);
    await t.app.einvoicing.worker!.drain();
    const status = fake.outgoing('CDAR').find((flow) => flow.name === `LC_${theirs.numero}_210`)!;
    const xml = fake.fileOf(status.flowId)!.content.toString('utf8');
    expect((await validateCdarRules(xml)).filter((failure) => failure.flag === 'fatal')).toEqual([]);
    expect(xml).toContain('<ram:ReasonCode>TX_TVA_ERR</ram:ReasonCode>');
  });
});
