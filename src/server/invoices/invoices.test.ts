import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceApiMessages, invoiceMailTexts } from '#domain/texts/invoices.ts';
import { listHistory } from '#server/quotes/repository.ts';
import { addressOf, buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp, useTestApp } from '#server/test/helpers.ts';
import { issueDraft } from './issuing.ts';
import { getInvoice } from './service.ts';
import { addProfile, api, depsOf, issuedInvoice, missionQuote } from './test-factories.ts';

type Headers = { cookie: string; origin: string };
type Customer = Awaited<ReturnType<typeof createCustomer>>;

describe.each(ENGINES)('invoices on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: Headers;
  let customer: Customer;

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    customer = await createCustomer(t, { name: 'Julie Bernard' });
    await addProfile(t, customer, { adresse: '14 rue Victor Hugo, 33000 Bordeaux' });
  });

  it('drafts an invoice from a finished mission with its price, route, vehicle, options and customer, without a number', async () => {
    const quote = await missionQuote(t, customer);
    const draft = await api.draft(t, admin, quote.id);
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      type: 'facture',
      statut: 'brouillon',
      etat: 'brouillon',
      numero: null,
      pdfUrl: null,
      numeroDevis: quote.numeroDevis,
      totalCentimes: 45_050,
      client: { nom: 'Julie Bernard', adresse: '14 rue Victor Hugo, 33000 Bordeaux', email: customer.email, type: 'particulier' },
    });
    expect(draft.body.lignes).toHaveLength(1);
    expect(draft.body.lignes[0]).toMatchObject({ quantite: 1, prixUnitaireCentimes: 45_050, montantCentimes: 45_050 });
    expect(draft.body.lignes[0]!.description).toMatch(
      /Convoyage d’un véhicule \(Berline\) de 10 rue de Rivoli, 75001 Paris à 5 place Bellecour, 69002 Lyon, 465 km.*Peugeot 308 AB-123-CD.*lavage complet/,
    );

    // Editable before it is issued: lines, quantities, unit prices, the service date.
    const edited = await api.update(t, admin, draft.body.id, {
      lignes: [
        { description: 'Convoyage Paris → Lyon', quantite: 1, prixUnitaireCentimes: 45_050 },
        { description: 'Péages', quantite: 2, prixUnitaireCentimes: 1_275 },
        { description: 'Attente sur place (heures)', quantite: 1.5, prixUnitaireCentimes: 3_333 },
      ],
      datePrestation: '2026-11-20',
      client: { nom: 'Julie Bernard', adresse: '14 rue Victor Hugo, 33000 Bordeaux', siret: null },
    });
    expect(edited.status).toBe(200);
    // 450,50 + 2 × 12,75 + 1,5 × 33,33 (49,995 → 50,00)
    expect(edited.body.lignes.map((line) => line.montantCentimes)).toEqual([45_050, 2_550, 5_000]);
    expect(edited.body.totalCentimes).toBe(52_600);
    expect(edited.body.datePrestation).toBe('2026-11-20');
  });

  it('refuses a draft for a quote not under way or finished, and a second invoice for the same quote', async () => {
    for (const statut of ['en attente', 'confirmé', 'envoyé', 'archivé'] as const) {
      const quote = await missionQuote(t, customer, statut);
      const refused = await api.draft(t, admin, quote.id);
      expect(refused.status, statut).toBe(409);
      expect(refused.body).toMatchObject({ error: 'conflict', message: invoiceApiMessages.quoteNotInvoiceable });
    }
    const running = await missionQuote(t, customer, 'en cours');
    expect((await api.draft(t, admin, running.id)).status).toBe(201);
    const again = await api.draft(t, admin, running.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(invoiceApiMessages.alreadyInvoiced(null));
    expect((await api.draft(t, admin, 'inconnu')).status).toBe(404);
  });

  it('refuses to change or delete an issued invoice, through the API and in the database itself', async () => {
    const { quote, invoice } = await issuedInvoice(t, admin, customer);
    const body = {
      lignes: [{ description: 'Autre', quantite: 1, prixUnitaireCentimes: 1 }],
      datePrestation: '2026-11-20',
      client: { nom: 'X', adresse: 'Y', siret: null },
    };
    for (const refused of [
      await api.update(t, admin, invoice.id, body),
      await api.remove(t, admin, invoice.id),
      await api.issue(t, admin, invoice.id),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'conflict', message: invoiceApiMessages.issuedIsFinal });
    }
    const db = t.app.database.db;
    await expect(db.updateTable('factures').set({ totalCentimes: 1 }).where('id', '=', invoice.id).execute()).rejects.toThrow(
      /issued invoice/,
    );
    await expect(db.updateTable('factures').set({ numero: 'F-1999-0001' }).where('id', '=', invoice.id).execute()).rejects.toThrow(
      /issued invoice/,
    );
    await expect(db.deleteFrom('factures').where('id', '=', invoice.id).execute()).rejects.toThrow(/issued invoice/);
    await expect(
      db.updateTable('facture_lignes').set({ montantCentimes: 1 }).where('factureId', '=', invoice.id).execute(),
    ).rejects.toThrow(/issued invoice/);
    await expect(db.deleteFrom('facture_lignes').where('factureId', '=', invoice.id).execute()).rejects.toThrow(/issued invoice/);
    // Its PDF, once recorded, is never replaced either.
    await expect(
      db
        .updateTable('factures')
        .set({ pdfSha256: 'f'.repeat(64) })
        .where('id', '=', invoice.id)
        .execute(),
    ).rejects.toThrow(/issued invoice/);
    const after = await api.get(t, admin, invoice.id);
    expect(after.body).toMatchObject({ numero: invoice.numero, totalCentimes: invoice.totalCentimes, lignes: invoice.lignes });
    // The quote's history says it, as an event that is not a status.
    const history = await listHistory(db, quote.id);
    expect(history.at(-1)).toMatchObject({ event: 'facture émise', byName: invoice.numero, fromStatut: 'terminé', toStatut: 'terminé' });
    // A draft can still be deleted.
    const other = await missionQuote(t, customer);
    const draft = await api.draft(t, admin, other.id);
    expect((await api.remove(t, admin, draft.body.id)).status).toBe(204);
    expect((await api.get(t, admin, draft.body.id)).status).toBe(404);
  });

  it('of five simultaneous requests to issue one draft, issues it once and uses one number', async () => {
    const quote = await missionQuote(t, customer);
    const draft = await api.draft(t, admin, quote.id);
    const before = await t.app.database.db.selectFrom('facture_compteurs').selectAll().execute();
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.issue(t, admin, draft.body.id)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const after = await t.app.database.db.selectFrom('facture_compteurs').selectAll().execute();
    const year = new Date().getFullYear();
    const count = (rows: typeof before) => rows.find((row) => row.name === `F-${year}`)?.value ?? 0;
    expect(count(after) - count(before)).toBe(1);
  });

  it('credits an invoice in part then whole: its own sequence, the invoice reduced then cancelled, the customer told', async () => {
    const { invoice } = await issuedInvoice(t, admin, customer);
    const tooMuch = await api.credit(t, admin, invoice.id, { motif: 'Geste commercial', montantCentimes: invoice.totalCentimes + 1 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toContain('Le montant de l’avoir dépasse');

    const partial = await api.credit(t, admin, invoice.id, { motif: 'Retard à la livraison', montantCentimes: 5_000 });
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ type: 'avoir', statut: 'émise', totalCentimes: 5_000, motif: 'Retard à la livraison' });
    expect(partial.body.numero).toMatch(/^A-\d{4}-\d{4}$/);
    expect(partial.body.factureOrigine).toMatchObject({ id: invoice.id, numero: invoice.numero });
    let current = (await api.get(t, admin, invoice.id)).body;
    expect(current).toMatchObject({ etat: 'à payer', avoirsCentimes: 5_000, resteCentimes: invoice.totalCentimes - 5_000 });

    const rest = await api.credit(t, admin, invoice.id, { motif: 'Mission annulée' });
    expect(rest.status).toBe(201);
    expect(rest.body.totalCentimes).toBe(invoice.totalCentimes - 5_000);
    expect(Number(rest.body.numero!.slice(-4))).toBe(Number(partial.body.numero!.slice(-4)) + 1);
    current = (await api.get(t, admin, invoice.id)).body;
    expect(current).toMatchObject({ etat: 'annulée', resteCentimes: 0 });
    expect(current.avoirs.map((note) => note.numero)).toEqual([partial.body.numero, rest.body.numero]);
    expect((await api.credit(t, admin, invoice.id, { motif: 'Encore' })).status).toBe(400);

    // A credit note is issued like an invoice: changing or deleting it is refused too.
    expect((await api.remove(t, admin, rest.body.id)).status).toBe(409);
    // Once cancelled whole, the quote may be invoiced anew.
    expect((await api.draft(t, admin, invoice.devisId)).status).toBe(201);

    const mails = (await t.outbox()).filter((mail) => addressOf(mail) === customer.email);
    for (const note of [partial.body, rest.body]) {
      const mail = mails.find((message) => message.subject === invoiceMailTexts.creditSubject(note.numero!));
      expect(mail?.attachments.map((file) => file.filename)).toEqual([`avoir-${note.numero}.pdf`]);
    }
  });

  it('records payments and moves the invoice through à payer, partiellement payée, payée, and en retard once past due', async () => {
    const { invoice } = await issuedInvoice(t, admin, customer);
    expect(invoice.etat).toBe('à payer');
    const today = invoice.dateEmission!;
    expect((await api.pay(t, admin, invoice.id, { date: today, montantCentimes: 0, moyen: 'virement' })).status).toBe(400);
    expect((await api.pay(t, admin, invoice.id, { date: '2999-01-01', montantCentimes: 100, moyen: 'virement' })).body.message).toBe(
      invoiceApiMessages.paymentInFuture,
    );
    expect((await api.pay(t, admin, invoice.id, { date: today, montantCentimes: 100, moyen: 'bitcoin' })).status).toBe(400);

    const first = await api.pay(t, admin, invoice.id, { date: today, montantCentimes: 20_000, moyen: 'chèque' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ etat: 'partiellement payée', payeCentimes: 20_000, resteCentimes: invoice.totalCentimes - 20_000 });

    // Past its due date, an invoice not fully paid is late (the state is read on a later day).
    const later = await getInvoice(depsOf(t, '2999-12-31'), invoice.id);
    expect(later.etat).toBe('en retard');

    const tooMuch = await api.pay(t, admin, invoice.id, { date: today, montantCentimes: invoice.totalCentimes, moyen: 'virement' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toContain('Ce paiement dépasse le reste à payer');

    const second = await api.pay(t, admin, invoice.id, { date: today, montantCentimes: invoice.totalCentimes - 20_000, moyen: 'virement' });
    expect(second.body).toMatchObject({ etat: 'payée', resteCentimes: 0 });
    expect(second.body.paiements.map((payment) => [payment.montantCentimes, payment.moyen])).toEqual([
      [20_000, 'chèque'],
      [invoice.totalCentimes - 20_000, 'virement'],
    ]);
    expect((await getInvoice(depsOf(t, '2999-12-31'), invoice.id)).etat).toBe('payée');
    // Nothing to remind of a paid invoice.
    expect((await api.remind(t, admin, invoice.id)).body.message).toBe(invoiceApiMessages.noReminder);

    // A credit note after payment: the overpayment is given back as a negative payment, no more.
    await api.credit(t, admin, invoice.id, { motif: 'Geste commercial', montantCentimes: 3_000 });
    expect((await api.pay(t, admin, invoice.id, { date: today, montantCentimes: -3_001, moyen: 'virement' })).status).toBe(400);
    const refund = await api.pay(t, admin, invoice.id, { date: today, montantCentimes: -3_000, moyen: 'virement' });
    expect(refund.body).toMatchObject({ etat: 'payée', payeCentimes: invoice.totalCentimes - 3_000, resteCentimes: 0 });

    // Payments only on issued invoices.
    const quote = await missionQuote(t, customer);
    const draft = await api.draft(t, admin, quote.id);
    expect((await api.pay(t, admin, draft.body.id, { date: today, montantCentimes: 100, moyen: 'espèces' })).status).toBe(409);
  });

  it('sends a reminder with the invoice attached, from the list', async () => {
    const { invoice } = await issuedInvoice(t, admin, customer);
    await t.outbox();
    const reminded = await api.remind(t, admin, invoice.id);
    expect(reminded.status).toBe(200);
    expect(reminded.body.derniereRelance).not.toBeNull();
    const mail = (await t.outbox()).find((message) => message.subject === invoiceMailTexts.reminderSubject(invoice.numero!));
    expect(addressOf(mail!)).toBe(customer.email);
    expect(mail!.text).toContain('il reste 450,50');
    expect(mail!.attachments.map((file) => file.filename)).toEqual([`facture-${invoice.numero}.pdf`]);
  });

  it('lists a customer’s issued invoices for him alone; only he and the administrator download them', async () => {
    const owner = await createCustomer(t, { name: 'Hugo Petit' });
    await addProfile(t, owner);
    const stranger = await createCustomer(t, { name: 'Autre Client' });
    const { quote, invoice } = await issuedInvoice(t, admin, owner);
    const draftQuote = await missionQuote(t, owner);
    await api.draft(t, admin, draftQuote.id);

    const mine = await t.app.inject({ method: 'GET', url: '/api/factures', headers: owner.headers });
    expect(mine.json()).toEqual([
      expect.objectContaining({ id: invoice.id, numero: invoice.numero, devisId: quote.id, etat: 'à payer', pdfUrl: invoice.pdfUrl }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/factures', headers: stranger.headers })).json()).toEqual([]);

    const asOwner = await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: owner.headers });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-type']).toBe('application/pdf');
    expect(asOwner.headers['content-disposition']).toBe(`attachment; filename="facture-${invoice.numero}.pdf"`);
    expect(asOwner.headers['cache-control']).toBe('private, no-store');
    expect(asOwner.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: admin })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: invoiceApiMessages.notFound });
    expect((await t.app.inject({ method: 'GET', url: invoice.pdfUrl!, headers: { origin: admin.origin } })).statusCode).toBe(401);
  });

  it('makes the PDF of an invoice left without one (a failed store after issuing), and e-mails it then, once', async () => {
    const quote = await missionQuote(t, customer);
    const draft = await api.draft(t, admin, quote.id);
    // The transaction alone, as if the process had died before the PDF.
    const issued = await issueDraft(depsOf(t), { id: 'admin' }, draft.body.id);
    expect(issued.pdfKey).toBeNull();
    await t.outbox();
    const download = await t.app.inject({ method: 'GET', url: `/api/factures/${issued.id}/pdf`, headers: customer.headers });
    expect(download.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/api/factures/${issued.id}/pdf`, headers: customer.headers });
    expect(again.rawPayload.equals(download.rawPayload)).toBe(true);
    const mails = (await t.outbox()).filter((mail) => mail.subject === invoiceMailTexts.issuedSubject(issued.numero!));
    expect(mails).toHaveLength(1);
  });
});

describe.each(ENGINES)('invoice numbers on %s', (engine) => {
  let first: TestApp;
  /** Several instances share one PostgreSQL database; SQLite serves one process (ARCHITECTURE.md). */
  let instances: TestApp[];

  beforeAll(async () => {
    first = await buildTestApp(engine);
    instances = engine === 'postgres' ? [first, await buildTestApp(engine, { env: first.env })] : [first];
  });
  afterAll(async () => {
    for (const instance of instances.slice(1)) await instance.app.close();
    await first.close();
  });

  // 200 drafts, made beforehand so that the test's own time budget covers the issues alone.
  const drafts: string[] = [];
  beforeAll(async () => {
    const admin = (await createAdmin(first)).headers;
    const customer = await createCustomer(first, { name: 'Client Concurrence' });
    await addProfile(first, customer);
    for (let index = 0; index < 200; index += 1) {
      const quote = await missionQuote(first, customer);
      drafts.push((await api.draft(first, admin, quote.id)).body.id);
    }
  }, 180_000);

  it(
    `gives 200 invoices issued at the same moment${engine === 'postgres' ? ' on two instances' : ''} one continuous sequence: no duplicate, no gap`,
    { timeout: 120_000 },
    async () => {
      expect(drafts).toHaveLength(200);
      const issued = await Promise.all(
        drafts.map((id, index) => issueDraft(depsOf(instances[index % instances.length]!), { id: 'admin' }, id)),
      );
      const numbers = issued.map((row) => row.numero!);
      expect(new Set(numbers).size).toBe(200);
      const year = numbers[0]!.slice(2, 6);
      const sequences = numbers.map((numero) => Number(numero.slice(-4))).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
      expect(numbers.every((numero) => numero.startsWith(`F-${year}-`))).toBe(true);
      // Numbers follow issue dates, and the counter ends where the sequence does.
      const rows = await first.app.database.db
        .selectFrom('factures')
        .select(['numero', 'dateEmission'])
        .where('statut', '=', 'émise')
        .orderBy('numero')
        .execute();
      const dates = rows.map((row) => row.dateEmission!);
      expect([...dates].sort()).toEqual(dates);
      const counter = await sql<{ value: number }>`select value from facture_compteurs where name = ${`F-${year}`}`.execute(
        first.app.database.db,
      );
      expect(Number(counter.rows[0]!.value)).toBe(200);
    },
  );
});
