import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it, onTestFinished } from 'vitest';
import { AUDIT_KINDS, AUDIT_PAGE_SIZE } from '#domain/audit.ts';
import { parisToday } from '#domain/format.ts';
import type { BankOverview } from '#domain/schemas/payments.ts';
import type { Statut } from '#domain/statuses.ts';
import { journalTexts } from '#domain/texts/sessions.ts';
import { createExpense } from '#server/expenses/service.ts';
import { expenseBody } from '#server/expenses/test-factories.ts';
import { completeInspection, inspectionBody } from '#server/missions/test-factories.ts';
import { makePdf, multipartBody } from '#server/quotes/back-office-test-factories.ts';
import { addProfile, draftThroughService, issuedInvoice, issuedThroughService } from '#server/invoices/test-factories.ts';
import { startFakePlatform, type FakePlatform } from '#server/test/fake-platform.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { withdrawnAfterCardPayment } from '#server/payments/test-factories.ts';
import { importStatement } from '#server/payments/statements.ts';
import { boursoMapping, camt053Xml } from '#server/payments/statements/test-factories.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import {
  buildTestAppForThisTest,
  createAdmin,
  createCustomer,
  ENGINES,
  PUBLIC_URL,
  signIn,
  signInAdmin,
  type TestApp,
} from '#server/test/helpers.ts';
import { ADMIN_WRITE_ROUTES } from './admin-writes.ts';
import { purgeAuditLog, recordAudit } from './service.ts';

type Customer = Awaited<ReturnType<typeof createCustomer>>;
type Admin = Awaited<ReturnType<typeof createAdmin>>;
let fake: FakePlatform | undefined;
/** The card provider, for a withdrawal's refund by card. */
let stripe: FakeStripe | undefined;
type Call = { url: string; payload?: unknown; headers?: Record<string, string>; devisId: string | null; numeroDevis: number | null };

const DAY = 24 * 60 * 60 * 1000;

/** A supplier invoice received through the (fake) platform: an invoice of ours, as a supplier would send it. */
async function receivedPurchase(t: TestApp, admin: Admin, owner: Customer): Promise<string> {
  const { invoice } = await issuedInvoice(t, admin.headers, owner, { entreprise: true });
  const pdf = (await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: admin.headers })).rawPayload;
  const delivered = await fake!.deliverSupplierInvoice({ content: pdf, contentType: 'application/pdf' });
  await t.app.einvoicing.poll();
  const row = await t.app.database.db.selectFrom('pa_achats').select('id').where('flowId', '=', delivered.flowId).executeTakeFirstOrThrow();
  return row.id;
}

/** The admin routes on a quote that take no body, with the status the quote must be in for them. */
const QUOTE_ROUTES: Record<string, Statut> = {
  'POST /api/admin/devis/:id/archiver': 'en attente',
  'POST /api/admin/devis/:id/renvoyer-email': 'confirmé',
  'POST /api/admin/devis/:id/confirmer-signe': 'envoyé',
  'POST /api/admin/devis/:id/terminer': 'en cours',
  'POST /api/admin/devis/:id/restaurer': 'archivé',
  'DELETE /api/admin/devis/:id': 'archivé',
  'POST /api/admin/devis/:id/facture': 'terminé',
};

const photo = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: '#556677' } })
    .jpeg()
    .toBuffer();

/** A successful call of each admin write route, on data made for it. */
async function callFor(t: TestApp, owner: Customer, key: string, admin?: Admin): Promise<Call> {
  const quoteIn = async (statut: Statut) => {
    const quote = await createQuoteInStatus(t.app.database, owner, statut);
    return { quote, base: { devisId: quote.id, numeroDevis: quote.numeroDevis } };
  };
  const invoice = async (issued: boolean) => {
    const id = issued ? await issuedThroughService(t, owner) : await draftThroughService(t, owner);
    const row = await t.app.database.db
      .selectFrom('factures')
      .select(['devisId', 'numeroDevis'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, base: { devisId: row.devisId, numeroDevis: Number(row.numeroDevis) } };
  };
  const [method, pattern] = key.split(' ') as [string, string];
  void method;
  const statut = QUOTE_ROUTES[key];
  if (statut) {
    const { quote, base } = await quoteIn(statut);
    return { ...base, url: pattern.replace(':id', quote.id) };
  }
  switch (key) {
    case 'POST /api/admin/devis/:id/confirmer': {
      const { quote, base } = await quoteIn('en attente');
      return {
        ...base,
        url: pattern.replace(':id', quote.id),
        payload: { prixFinal: '1250,50', clauses: { km: true, longDistance: false } },
      };
    }
    case 'POST /api/admin/devis/:id/prolonger': {
      // A quote sent whose validity date is past (issue 28).
      const quote = await createQuoteInStatus(t.app.database, owner, 'envoyé', { valableJusquAu: '2026-01-31' });
      return { devisId: quote.id, numeroDevis: quote.numeroDevis, url: pattern.replace(':id', quote.id) };
    }
    case 'POST /api/admin/devis/:id/devis-signe': {
      const { quote, base } = await quoteIn('envoyé');
      const body = multipartBody([{ filename: 'signe.pdf', contentType: 'application/pdf', content: await makePdf() }]);
      return { ...base, url: pattern.replace(':id', quote.id), payload: body.payload, headers: { 'content-type': body.contentType } };
    }
    case 'PUT /api/admin/missions/:id/:etape/photos/:photoId': {
      const { quote, base } = await quoteIn('en cours');
      const jpeg = await photo();
      const url = pattern.replace(':id', quote.id).replace(':etape', 'prise-en-charge').replace(':photoId', randomUUID());
      return { ...base, url: `${url}?emplacement=avant`, payload: jpeg, headers: { 'content-type': 'image/jpeg' } };
    }
    case 'DELETE /api/admin/missions/:id/:etape/photos/:photoId': {
      const { quote, base } = await quoteIn('en cours');
      const jpeg = await photo();
      const url = `/api/admin/missions/${quote.id}/prise-en-charge/photos/${randomUUID()}`;
      // A session of his own (provisioning him again would end the test's).
      const adminHeaders = await signInAdmin(t);
      const stored = await t.app.inject({
        method: 'PUT',
        url: `${url}?emplacement=avant`,
        payload: jpeg,
        headers: { ...adminHeaders, 'content-type': 'image/jpeg' },
      });
      expect(stored.statusCode).toBe(201);
      return { ...base, url };
    }
    case 'POST /api/admin/missions/:id/:etape': {
      const { quote, base } = await quoteIn('en cours');
      return { ...base, url: pattern.replace(':id', quote.id).replace(':etape', 'prise-en-charge'), payload: inspectionBody() };
    }
    case 'POST /api/admin/missions/:id/positions': {
      // Positions are taken only after the pickup: the mission is picked up first.
      const { quote, base } = await quoteIn('en cours');
      const adminHeaders = await signInAdmin(t);
      const pickup = await completeInspection(t, adminHeaders, quote.id);
      expect(pickup.statusCode).toBe(200);
      return {
        ...base,
        url: pattern.replace(':id', quote.id),
        payload: { positions: [{ id: randomUUID(), lat: 48.85, lon: 2.35, precision: 10, prisLe: '2026-12-01T08:40:00+01:00' }] },
      };
    }
    case 'POST /api/admin/planning/agenda':
      return { url: pattern, devisId: null, numeroDevis: null };
    case 'PUT /api/admin/factures/:id': {
      const { id, base } = await invoice(false);
      return {
        ...base,
        url: pattern.replace(':id', id),
        payload: {
          lignes: [{ description: 'Convoyage', quantite: 1, prixUnitaireCentimes: 10_000 }],
          datePrestation: '2026-11-20',
          client: { nom: 'Client A', adresse: '3 place Bellecour, 69002 Lyon', siret: null },
        },
      };
    }
    case 'DELETE /api/admin/factures/:id':
    case 'POST /api/admin/factures/:id/emettre': {
      const { id, base } = await invoice(false);
      return { ...base, url: pattern.replace(':id', id) };
    }
    case 'POST /api/admin/factures/:id/avoir': {
      const { id, base } = await invoice(true);
      return { ...base, url: pattern.replace(':id', id), payload: { motif: 'Geste commercial', montantCentimes: 1_000 } };
    }
    case 'POST /api/admin/factures/:id/paiements': {
      const { id, base } = await invoice(true);
      return { ...base, url: pattern.replace(':id', id), payload: { date: parisToday(), montantCentimes: 1_000, moyen: 'virement' } };
    }
    case 'POST /api/admin/factures/:id/relance': {
      const { id, base } = await invoice(true);
      return { ...base, url: pattern.replace(':id', id) };
    }
    // E-invoicing (this test's app has the fake platform, its worker stopped).
    case 'POST /api/admin/factures/:id/plateforme/renvoyer': {
      const { invoice, quote } = await issuedInvoice(t, admin!.headers, owner, { entreprise: true });
      await t.app.database.db.updateTable('pa_flux').set({ status: 'failed' }).where('factureId', '=', invoice.id).execute();
      return { devisId: quote.id, numeroDevis: quote.numeroDevis, url: pattern.replace(':id', invoice.id) };
    }
    case 'POST /api/admin/achats/:id/approuver':
    case 'POST /api/admin/achats/:id/refuser': {
      const id = await receivedPurchase(t, admin!, owner);
      const payload = key.endsWith('approuver') ? { depense: false, devisId: null } : { motif: 'DOUBLON', commentaire: null };
      return { devisId: null, numeroDevis: null, url: pattern.replace(':id', id), payload };
    }
    case 'POST /api/admin/e-reporting/:periode/transmettre':
      return { devisId: null, numeroDevis: null, url: pattern.replace(':periode', '2026-01') };
    // Expenses (issue 30): about no quote in the journal; the expense's id is in the details.
    case 'POST /api/admin/depenses':
      return { url: pattern, devisId: null, numeroDevis: null, payload: expenseBody() };
    case 'PUT /api/admin/depenses/:id':
    case 'DELETE /api/admin/depenses/:id':
    case 'PUT /api/admin/depenses/:id/justificatif': {
      const { database, fileStore, config, log } = t.app;
      const { depense } = await createExpense({ database, fileStore, config, log }, expenseBody());
      const url = pattern.replace(':id', depense.id);
      if (key.startsWith('DELETE')) return { url, devisId: null, numeroDevis: null };
      if (key.endsWith('justificatif')) {
        const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#556677' } })
          .jpeg()
          .toBuffer();
        return { url, devisId: null, numeroDevis: null, payload: jpeg, headers: { 'content-type': 'image/jpeg' } };
      }
      return { url, devisId: null, numeroDevis: null, payload: { ...expenseBody(), id: undefined } };
    }
    case 'PUT /api/admin/factures/:id/relances': {
      const { id, base } = await invoice(true);
      return { ...base, url: pattern.replace(':id', id), payload: { arretees: true } };
    }
    case 'POST /api/admin/banque/releves': {
      const body = multipartBody([{ filename: 'releve.xml', contentType: 'application/xml', content: Buffer.from(statementWithCredit()) }]);
      return { url: pattern, payload: body.payload, headers: { 'content-type': body.contentType }, devisId: null, numeroDevis: null };
    }
    case 'POST /api/admin/banque/operations/:id/rapprochement': {
      const factureId = await issuedThroughService(t, owner);
      return { url: pattern.replace(':id', await creditToHandle(t)), payload: { factureId }, devisId: null, numeroDevis: null };
    }
    case 'POST /api/admin/banque/operations/:id/ignorer':
      return { url: pattern.replace(':id', await creditToHandle(t)), devisId: null, numeroDevis: null };
    case 'POST /api/admin/banque/operations/:id/depense':
      return {
        url: pattern.replace(':id', await lineOf(t, debitStatement())),
        payload: { categorie: 'peage' },
        devisId: null,
        numeroDevis: null,
      };
    case 'POST /api/admin/banque/operations/:id/depense-existante': {
      // The toll of the statement's debit (23,40 €), recorded on the phone first.
      const { database, fileStore, config, log } = t.app;
      const { depense } = await createExpense({ database, fileStore, config, log }, expenseBody({ montantCentimes: 2_340 }));
      const url = pattern.replace(':id', await lineOf(t, debitStatement()));
      return { url, payload: { depenseId: depense.id }, devisId: null, numeroDevis: null };
    }
    // A withdrawal's refund on the card that paid the deposit (payments/card-refunds.ts).
    case 'POST /api/admin/factures/:id/remboursements-carte': {
      const { quote, deposit } = await withdrawnAfterCardPayment(t, stripe!, admin!.headers, owner);
      const owed = await t.app.database.db
        .selectFrom('facture_paiements')
        .select('id')
        .where('factureId', '=', deposit.id)
        .where('montantCentimes', '<', 0)
        .executeTakeFirstOrThrow();
      return {
        devisId: quote.id,
        numeroDevis: quote.numeroDevis,
        url: pattern.replace(':id', deposit.id),
        payload: { paiementId: owed.id },
      };
    }
    case 'PUT /api/admin/banque/correspondance-csv':
      return { url: pattern, payload: { ...boursoMapping }, devisId: null, numeroDevis: null };
    default:
      throw new Error(`no call written for ${key}`);
  }
}

let statements = 0;
/** A statement with one credit of 10 € naming no invoice, different each time. */
const statementWithCredit = () => camt053Xml([{ montant: '10.00', nom: 'Payeur inconnu', motif: `Virement ${(statements += 1)}` }]);

/** A statement with one debit of 23,40 €, different each time. */
const debitStatement = () => camt053Xml([{ montant: '23.40', sens: 'DBIT', nom: 'APRR', motif: `CB PEAGE ${(statements += 1)}` }]);

/** A credit of a statement imported through the service, waiting for the administrator. */
const creditToHandle = (t: TestApp) => lineOf(t, statementWithCredit());

/** The one line of this statement, imported through the service. */
async function lineOf(t: TestApp, xml: string): Promise<string> {
  const summary = await importStatement(
    { database: t.app.database },
    { id: 'test' },
    { filename: 'releve.xml', content: Buffer.from(xml) },
  );
  const line = await t.app.database.db
    .selectFrom('releve_operations')
    .select('id')
    .where('releveId', '=', summary.releveId)
    .executeTakeFirstOrThrow();
  return line.id;
}

const rowsOf = (t: TestApp) => t.app.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

describe.each(ENGINES)('audit journal on %s', (engine) => {
  it('knows every route by which the administrator changes something', async () => {
    const t = await buildTestAppForThisTest(engine);
    const writes = t.app.routeCatalogue
      .filter((route) => route.url.startsWith('/api/admin/') && !['GET', 'HEAD'].includes(route.method))
      .map((route) => `${route.method} ${route.url}`);
    expect(new Set(writes)).toEqual(new Set(Object.keys(ADMIN_WRITE_ROUTES)));
    for (const kind of Object.values(ADMIN_WRITE_ROUTES).map((route) => route.kind)) expect(AUDIT_KINDS).toContain(kind);
    for (const kind of AUDIT_KINDS) expect(journalTexts.kinds[kind]).toBeTruthy();
  });

  it('writes one entry, with the administrator, the quote, its owner and the address, for each admin action', async () => {
    fake = await startFakePlatform();
    onTestFinished(() => fake!.close());
    stripe = await startFakeStripe({ secretKey: 'sk_test_audit', webhookSecret: 'whsec_audit' });
    onTestFinished(() => stripe!.close());
    const t = await buildTestAppForThisTest(engine, { env: fake.env(stripe.env({ PA_POLL_SECONDS: '0', PA_RETRY_BASE_MS: '0' })) });
    await t.app.einvoicing.worker!.stop();
    const owner = await createCustomer(t, { name: 'Client A' });
    await addProfile(t, owner);
    const admin = await createAdmin(t);
    const adminId = (await t.app.database.db.selectFrom('user').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow()).id;
    const failures: string[] = [];
    for (const [key, route] of Object.entries(ADMIN_WRITE_ROUTES)) {
      const call = await callFor(t, owner, key, admin);
      const before = (await rowsOf(t)).length;
      const response = await t.app.inject({
        method: key.split(' ')[0] as 'POST',
        url: call.url,
        headers: { ...admin.headers, 'x-forwarded-for': '203.0.113.77', ...call.headers },
        ...(call.payload !== undefined ? { payload: call.payload as string } : key.startsWith('DELETE') ? {} : { payload: {} }),
      });
      if (response.statusCode >= 300) {
        failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        continue;
      }
      const added = (await rowsOf(t)).slice(before);
      const expected = {
        kind: route.kind,
        actorId: adminId,
        actorEmail: admin.email,
        ip: '203.0.113.77',
        devisId: call.devisId,
        numeroDevis: call.numeroDevis,
        compteId: call.devisId ? owner.id : null,
      };
      if (added.length !== 1) failures.push(`${key}: ${added.length} entries`);
      else {
        const { kind, actorId, actorEmail, ip, devisId, numeroDevis, compteId } = added[0]!;
        const got = { kind, actorId, actorEmail, ip, devisId, numeroDevis: numeroDevis === null ? null : Number(numeroDevis), compteId };
        if (JSON.stringify(got) !== JSON.stringify(expected)) failures.push(`${key}: ${JSON.stringify(got)} ≠ ${JSON.stringify(expected)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('names the statement, the bank line and the expense as the administrator reads them, and the debit a deleted expense frees', async () => {
    const t = await buildTestAppForThisTest(engine);
    const admin = await createAdmin(t);
    const xml = camt053Xml([{ montant: '23.40', sens: 'DBIT', date: '2026-11-24', nom: 'APRR', motif: 'CB PEAGE VIENNE' }]);
    const upload = multipartBody([{ filename: 'releve-novembre.xml', contentType: 'application/xml', content: Buffer.from(xml) }]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/banque/releves',
      headers: { ...admin.headers, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const { id: debit } = await t.app.database.db
      .selectFrom('releve_operations')
      .select('id')
      .where('releveId', '=', imported.json<{ releveId: string }>().releveId)
      .executeTakeFirstOrThrow();
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin.headers, payload });
    const recorded = await call('POST', `/api/admin/banque/operations/${debit}/depense`, { categorie: 'peage' });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const depenseId = recorded.json<{ id: string }>().id;
    expect((await call('DELETE', `/api/admin/depenses/${depenseId}`)).statusCode).toBe(204);
    const meal = expenseBody({ categorie: 'repas', montantCentimes: 1_850, date: '2026-11-27' });
    expect((await call('POST', '/api/admin/depenses', meal)).statusCode).toBe(201);

    const journal = await t.app.inject({ method: 'GET', url: '/api/admin/journal', headers: admin.headers });
    const detailsOf = (kind: string) =>
      journal.json<{ entrees: { kind: string; details: Record<string, unknown> }[] }>().entrees.find((entry) => entry.kind === kind)
        ?.details;
    const { libelle } = await t.app.database.db
      .selectFrom('releve_operations')
      .select('libelle')
      .where('id', '=', debit)
      .executeTakeFirstOrThrow();
    expect(libelle).toContain('CB PEAGE VIENNE');
    // As the bank page shows the debit.
    const line = `24/11/2026 – APRR – ${libelle} – 23,40\u00a0€`;
    expect(detailsOf('bank.debit_to_expense')).toEqual({ operationId: debit, operation: line });
    expect(detailsOf('expense.deleted')).toEqual({ depenseId, depense: 'Péage – 23,40\u00a0€ – 24/11/2026', debitLibere: line });
    expect(detailsOf('bank.statement_imported')).toEqual({ releve: 'releve-novembre.xml – 1 opération, dont 1 nouvelle' });
    expect(detailsOf('expense.created')).toEqual({ depense: 'Repas – 18,50\u00a0€ – 27/11/2026', depenseId: meal.id });
    // The bank page offers the freed debit again.
    const bank = await t.app.inject({ method: 'GET', url: '/api/admin/banque', headers: admin.headers });
    expect(bank.json<BankOverview>().debits.find((operation) => operation.id === debit)).toMatchObject({ depenseId: null });
  });

  it('writes nothing for a refused admin action', async () => {
    const t = await buildTestAppForThisTest(engine);
    const owner = await createCustomer(t);
    const admin = await createAdmin(t);
    const quote = await createQuoteInStatus(t.app.database, owner, 'terminé');
    const before = (await rowsOf(t)).length;
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/confirmer-signe`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    const byCustomer = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/archiver`, headers: owner.headers });
    expect(byCustomer.statusCode).toBe(403);
    expect((await rowsOf(t)).length).toBe(before);
  });

  it('journals sign-ins, failed sign-ins and sign-outs', async () => {
    const t = await buildTestAppForThisTest(engine);
    const customer = await createCustomer(t);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL, 'x-forwarded-for': '198.18.0.9' },
      payload: { email: customer.email, password: 'pas-le-bon', rememberMe: true },
    });
    expect(wrong.statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: customer.headers });
    expect(out.statusCode).toBe(200);
    const rows = (await rowsOf(t)).filter((row) => row.compteId === customer.id);
    expect(rows.map((row) => [row.kind, row.actorEmail])).toEqual([
      ['auth.sign_in', customer.email],
      ['auth.sign_in_failed', customer.email],
      ['auth.sign_out', customer.email],
    ]);
    expect(rows[1]!.ip).toBe('198.18.0.9');
    expect(JSON.parse(rows[1]!.details)).toEqual({ raison: 'INVALID_EMAIL_OR_PASSWORD' });
  });

  it('refuses to change or delete an entry, whoever asks, and lets only the retention purge remove old ones', async () => {
    const t = await buildTestAppForThisTest(engine);
    const db = t.app.database.db;
    const now = new Date('2026-11-23T10:00:00Z');
    await recordAudit(db, { kind: 'quote.archive', actorEmail: 'admin@exemple.fr', at: new Date(now.getTime() - 500 * DAY) });
    await recordAudit(db, { kind: 'quote.restore', actorEmail: 'admin@exemple.fr', at: new Date(now.getTime() - 10 * DAY) });
    await expect(db.updateTable('audit_log').set({ kind: 'quote.delete' }).execute()).rejects.toThrow(/audit log: update refused/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/audit log: delete refused/);
    expect((await rowsOf(t)).map((row) => row.kind)).toEqual(['quote.archive', 'quote.restore']);

    expect(await purgeAuditLog(t.app.database, now, 400)).toBe(1);
    expect((await rowsOf(t)).map((row) => row.kind)).toEqual(['quote.restore']);
    // The purge's permission ended with it.
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/audit log: delete refused/);
    expect(await db.selectFrom('audit_log_purge').selectAll().execute()).toEqual([]);
    expect(t.config.retention.auditDays).toBe(400);
  });

  it('shows the journal newest first, filtered by quote, account and kind, page by page', async () => {
    const t = await buildTestAppForThisTest(engine);
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const admin = await createAdmin(t);
    const quote = await createQuoteInStatus(t.app.database, owner, 'en attente');
    const otherQuote = await createQuoteInStatus(t.app.database, other, 'en attente');
    for (const id of [quote.id, otherQuote.id]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/devis/${id}/archiver`, headers: admin.headers })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/restaurer`, headers: admin.headers })).statusCode).toBe(
      200,
    );
    const journal = async (query: string) => {
      const response = await t.app.inject({ url: `/api/admin/journal${query}`, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      return response.json() as {
        entrees: Array<{ kind: string; devisId: string | null; compteId: string | null }>;
        total: number;
        pages: number;
        page: number;
      };
    };

    const byNumber = await journal(`?devis=${quote.numeroDevis}`);
    expect(byNumber.entrees.map((e) => e.kind)).toEqual(['quote.restore', 'quote.archive']);
    expect((await journal(`?devis=${quote.id}`)).total).toBe(2);
    const byAccount = await journal(`?compte=${encodeURIComponent(other.email.toUpperCase())}`);
    expect(byAccount.entrees.map((e) => e.kind)).toEqual(['quote.archive', 'auth.sign_in']);
    const byKind = await journal('?type=quote.archive');
    expect(byKind.entrees.map((e) => e.devisId)).toEqual([otherQuote.id, quote.id]);
    expect((await journal(`?type=quote.archive&compte=${owner.id}`)).entrees.map((e) => e.devisId)).toEqual([quote.id]);

    const badKind = await t.app.inject({ url: '/api/admin/journal?type=quote.nimporte', headers: admin.headers });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error).toBe('validation');

    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) await signIn(t, owner.email, owner.password);
    const first = await journal(`?type=auth.sign_in&compte=${owner.id}`);
    expect(first).toMatchObject({ page: 1, pages: 2, total: AUDIT_PAGE_SIZE + 6 });
    expect(first.entrees).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await journal(`?type=auth.sign_in&compte=${owner.id}&page=2`);
    expect(second.entrees).toHaveLength(6);
  }, 120_000);
});
