import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expenseApiMessages as msg, expenseCsvTexts } from '#domain/texts/expenses.ts';
import { api as invoiceApi } from '#server/invoices/test-factories.ts';
import { completeInspection, inspectionBody } from '#server/missions/test-factories.ts';
import { cameraJpeg } from '#server/missions/test-photos.ts';
import { makePdf } from '#server/quotes/back-office-test-factories.ts';
import { createQuoteInStatus } from '#server/quotes/test-factories.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { expenseApi as api, expenseBody } from './test-factories.ts';

type Headers = { cookie: string; origin: string };
type Customer = Awaited<ReturnType<typeof createCustomer>>;

describe.each(ENGINES)('expenses on %s', (engine) => {
  let t: TestApp;
  let admin: Headers;
  let customer: Customer;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await createAdmin(t)).headers;
    customer = await createCustomer(t, { name: 'Julie Bernard' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A mission under way with its clauses; its two inspections done with these odometers (then it is terminé). */
  async function mission(clauses: object, { distanceKm = 465, prixCentimes = 45_050 } = {}) {
    return createQuoteInStatus(t.app.database, customer, 'en cours', {
      distanceKm,
      prixCentimes,
      clauses: clauses as never,
      clientDetails: { nom: customer.name, email: customer.email, telephone: '0612345678' } as never,
    });
  }
  async function drive(devisId: string, from: number, to: number) {
    for (const [etape, kilometrage, at] of [
      ['prise-en-charge', from, '2026-12-01T08:00:00+01:00'],
      ['livraison', to, '2026-12-01T14:30:00+01:00'],
    ] as const) {
      const response = await completeInspection(t, admin, devisId, etape, inspectionBody({ kilometrage, dateHeure: at }));
      expect(response.statusCode, response.body).toBe(200);
    }
  }

  it('records an expense under the id the page made, once however often it is sent, and lists it', async () => {
    const quote = await mission({ km: false, longDistance: false });
    const body = expenseBody({ devisId: quote.id, categorie: 'train', montantCentimes: 4_790, tvaCentimes: 436, note: 'Lyon → Paris' });
    const first = await api.create(t, admin, body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: body.id,
      devisId: quote.id,
      numeroDevis: quote.numeroDevis,
      categorie: 'train',
      montantCentimes: 4_790,
      tvaCentimes: 436,
      date: '2026-12-01',
      moyenPaiement: 'carte',
      note: 'Lyon → Paris',
      justificatif: null,
      verrouillee: false,
    });
    const again = await api.create(t, admin, body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(body.id);
    // The same id for something else: refused, nothing changed.
    const other = await api.create(t, admin, { ...body, montantCentimes: 9_999 });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(msg.idTaken);

    const general = await api.create(
      t,
      admin,
      expenseBody({ categorie: 'repas', montantCentimes: 1_450, tvaCentimes: 132, date: '2026-12-02' }),
    );
    expect(general.status).toBe(201);
    expect(general.body.devisId).toBeNull();

    const ofMission = await api.list(t, admin, `?devisId=${quote.id}`);
    expect(ofMission.body.depenses.map((depense) => depense.id)).toEqual([body.id]);
    expect(ofMission.body.totalCentimes).toBe(4_790);
    const ofMonth = await api.list(t, admin, '?annee=2026&mois=12');
    expect(ofMonth.body.depenses.map((depense) => depense.id)).toEqual(expect.arrayContaining([body.id, general.body.id]));
    expect((await api.list(t, admin, '?annee=2026&mois=11')).body.depenses.map((d) => d.id)).not.toContain(body.id);
    const meals = await api.list(t, admin, '?categorie=repas');
    expect(meals.body.depenses.map((depense) => depense.id)).toEqual([general.body.id]);
    expect(meals.body.totalCentimes).toBe(1_450);
    expect((await api.list(t, admin, '?categorie=essence')).status).toBe(400);

    const changed = await api.update(t, admin, body.id, { ...body, id: undefined, montantCentimes: 5_200, tvaCentimes: 473 });
    expect(changed.status).toBe(200);
    expect(changed.body.montantCentimes).toBe(5_200);
  });

  it('refuses a negative or fractional amount, a VAT above the amount, an unknown category or mission, a bad date', async () => {
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ montantCentimes: -100 }, 400, msg.amountPositive],
      [{ montantCentimes: 0 }, 400, msg.amountPositive],
      [{ montantCentimes: 12.5 }, 400, msg.amountPositive],
      [{ montantCentimes: '1200' }, 400],
      [{ tvaCentimes: 5_000 }, 400, msg.vatRange],
      [{ tvaCentimes: -1 }, 400, msg.vatRange],
      [{ categorie: 'avion' }, 400],
      [{ moyenPaiement: 'bitcoin' }, 400],
      [{ date: '2026-13-01' }, 400],
      [{ date: '01/12/2026' }, 400],
      [{ devisId: 'inconnu' }, 404, msg.missionNotFound],
      [{ inconnu: 1 }, 400],
    ];
    for (const [change, status, message] of cases) {
      const refused = await api.create(t, admin, { ...expenseBody(), ...change });
      expect(refused.status, JSON.stringify(change)).toBe(status);
      // The French reason is the message of a refusal by the server, the field's detail of a refusal by the schema.
      const said = [refused.body.message, ...((refused.body as { details?: { message: string }[] }).details ?? []).map((d) => d.message)];
      if (message) expect(said, JSON.stringify(change)).toContain(message);
    }
    expect((await api.get(t, admin, 'inconnu')).status).toBe(404);
    expect((await api.update(t, admin, 'inconnu', { ...expenseBody(), id: undefined })).status).toBe(404);
    expect((await api.delete(t, admin, 'inconnu')).status).toBe(404);
  });

  it('refuses a customer and a visitor on every expense route', async () => {
    const created = await api.create(t, admin, expenseBody());
    const urls: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/admin/depenses'],
      ['POST', '/api/admin/depenses'],
      ['GET', '/api/admin/depenses.csv?annee=2026'],
      ['GET', `/api/admin/depenses/${created.body.id}`],
      ['PUT', `/api/admin/depenses/${created.body.id}`],
      ['DELETE', `/api/admin/depenses/${created.body.id}`],
      ['PUT', `/api/admin/depenses/${created.body.id}/justificatif`],
      ['GET', `/api/admin/depenses/${created.body.id}/justificatif`],
      ['GET', '/api/admin/rentabilite'],
    ];
    for (const [method, url] of urls) {
      expect((await t.app.inject({ method, url, headers: customer.headers })).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await api.get(t, admin, created.body.id)).status).toBe(200);
  });

  it('keeps a receipt photo re-encoded without its metadata, a PDF rebuilt, and refuses what is neither', async () => {
    const expense = (await api.create(t, admin, expenseBody())).body;
    const photo = await cameraJpeg({ width: 1200, height: 1600, orientation: 6 });
    const stored = await api.receipt(t, admin, expense.id, photo, 'image/jpeg');
    expect(stored.status).toBe(201);
    expect(stored.body.justificatif).toEqual({ type: 'image/jpeg', url: `/api/admin/depenses/${expense.id}/justificatif` });
    expect((await api.receipt(t, admin, expense.id, photo, 'image/jpeg')).status).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: `/api/admin/depenses/${expense.id}/justificatif`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.includes(Buffer.from('Convoyage-Test'))).toBe(false);

    // A PDF, whatever type it is declared with: recognised by its content.
    const pdf = await api.receipt(t, admin, expense.id, await makePdf('Ticket de péage'), 'application/octet-stream');
    expect(pdf.status).toBe(200);
    expect(pdf.body.justificatif?.type).toBe('application/pdf');

    const text = await api.receipt(t, admin, expense.id, Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg');
    expect(text.status).toBe(422);
    expect(text.body.message).toBe(msg.receiptUnsupported);
    const fakePdf = await api.receipt(t, admin, expense.id, Buffer.from('%PDF-1.7\nnot really\n%%EOF'), 'application/pdf');
    expect(fakePdf.status).toBe(415);
    const html = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/depenses/${expense.id}/justificatif`,
      headers: { ...admin, 'content-type': 'text/html' },
      payload: '<html></html>',
    });
    expect(html.statusCode).toBe(415);
    const tooLarge = await api.receipt(t, admin, expense.id, Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'application/pdf');
    expect(tooLarge.status).toBe(413);
    // Still the PDF.
    expect((await api.get(t, admin, expense.id)).body.justificatif?.type).toBe('application/pdf');
  });

  it('proposes the toll re-billed and 23 extra km (5 % of 465, rounded down) on the final invoice draft', async () => {
    const quote = await mission({ km: true, longDistance: false, refacturation: ['peage'] });
    await api.create(t, admin, expenseBody({ devisId: quote.id, categorie: 'peage', montantCentimes: 2_340, date: '2026-12-01' }));
    await api.create(t, admin, expenseBody({ devisId: quote.id, categorie: 'peage', montantCentimes: 1_160, date: '2026-12-01' }));
    await api.create(t, admin, expenseBody({ devisId: quote.id, categorie: 'train', montantCentimes: 8_000, tvaCentimes: 727 }));
    await drive(quote.id, 10_000, 10_497);

    const costs = await api.costs(t, admin, quote.id);
    expect(costs.status).toBe(200);
    expect(costs.body).toMatchObject({ estimationKm: 465, kmParcourus: 497, heures: 6.5, depensesCentimes: 11_500 });
    expect(costs.body.ecartKm).toBeCloseTo(32 / 465, 5);

    const draft = await invoiceApi.draft(t, admin, quote.id);
    expect(draft.status).toBe(201);
    const [, toll, km] = draft.body.lignes;
    expect(draft.body.lignes).toHaveLength(3);
    expect(toll).toMatchObject({ description: 'Frais de péage – refacturés au réel (01/12/2026)', quantite: 1, montantCentimes: 3_500 });
    // The quote's own rate: 450,50 € / 465 km = 0,97 € per km.
    expect(km).toMatchObject({ quantite: 23, prixUnitaireCentimes: 97, montantCentimes: 2_231 });
    expect(km!.description).toBe('Kilomètres supplémentaires (clause des 5 %) : 497 km parcourus pour 465 km estimés');
    expect(draft.body.totalCentimes).toBe(45_050 + 3_500 + 2_231);
  });

  it('proposes nothing without the clause or the agreement, and the extra km only within the estimate’s 5 %', async () => {
    const none = await mission({ km: false, longDistance: false });
    await api.create(t, admin, expenseBody({ devisId: none.id, categorie: 'peage' }));
    await drive(none.id, 10_000, 10_497);
    const plain = await invoiceApi.draft(t, admin, none.id);
    expect(plain.body.lignes).toHaveLength(1);

    const within = await mission({ km: true, longDistance: false });
    await drive(within.id, 20_000, 20_475);
    const costs = await api.costs(t, admin, within.id);
    // 10 km over: under the cap of 23, all billable.
    expect(costs.body.lignesProposees).toEqual([expect.objectContaining({ kind: 'km-supplementaires', quantiteCentiemes: 1_000 })]);
  });

  it('proposes the real costs above the plan on a trip over 800 km, capped at 10 % of the price', async () => {
    const long = await mission({ km: false, longDistance: true }, { distanceKm: 900, prixCentimes: 100_000 });
    await api.create(t, admin, expenseBody({ devisId: long.id, categorie: 'hebergement', montantCentimes: 30_000, tvaCentimes: 0 }));
    await api.create(t, admin, expenseBody({ devisId: long.id, categorie: 'taxi', montantCentimes: 30_000, tvaCentimes: 0 }));
    const capped = await api.costs(t, admin, long.id);
    expect(capped.body.lignesProposees).toEqual([
      expect.objectContaining({ kind: 'frais-supplementaires', quantiteCentiemes: 100, prixUnitaireCentimes: 10_000 }),
    ]);

    const short = await mission({ km: false, longDistance: true }, { distanceKm: 780, prixCentimes: 100_000 });
    await api.create(t, admin, expenseBody({ devisId: short.id, categorie: 'taxi', montantCentimes: 60_000, tvaCentimes: 0 }));
    expect((await api.costs(t, admin, short.id)).body.lignesProposees).toEqual([]);
  });

  it('refuses to delete or change an expense re-billed on an issued invoice; a deletion before is journalled', async () => {
    const quote = await mission({ km: false, longDistance: false, refacturation: ['peage', 'billetRetour'] });
    const toll = (await api.create(t, admin, expenseBody({ devisId: quote.id, categorie: 'peage' }))).body;
    const ticket = (await api.create(t, admin, expenseBody({ devisId: quote.id, categorie: 'train', montantCentimes: 6_000 }))).body;
    const parking = (await api.create(t, admin, expenseBody({ devisId: quote.id, categorie: 'parking', montantCentimes: 800 }))).body;
    await drive(quote.id, 1_000, 1_465);
    const draft = (await invoiceApi.draft(t, admin, quote.id)).body;
    expect(draft.lignes.map((line) => line.description)).toEqual([
      expect.any(String),
      'Frais de péage – refacturés au réel (01/12/2026)',
      'Billet de retour – refacturés au réel (01/12/2026)',
    ]);
    // The administrator unticks the ticket: it is no longer carried by this invoice.
    const kept = draft.lignes.filter((line) => !line.description.startsWith('Billet'));
    const updated = await invoiceApi.update(t, admin, draft.id, {
      lignes: kept.map((line) => ({
        description: line.description,
        quantite: line.quantite,
        prixUnitaireCentimes: line.prixUnitaireCentimes,
      })),
      datePrestation: '2026-12-01',
      client: { nom: 'Julie Bernard', adresse: '3 place Bellecour, 69002 Lyon', siret: null },
    });
    expect(updated.status).toBe(200);
    expect((await invoiceApi.issue(t, admin, draft.id)).status).toBe(200);

    expect((await api.get(t, admin, toll.id)).body).toMatchObject({ factureId: draft.id, verrouillee: true });
    const refused = await api.delete(t, admin, toll.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(msg.rebilledIsFinal);
    expect((await api.update(t, admin, toll.id, { ...expenseBody(), id: undefined })).status).toBe(409);
    expect((await api.get(t, admin, toll.id)).status).toBe(200);

    expect((await api.get(t, admin, ticket.id)).body).toMatchObject({ factureId: null, verrouillee: false });
    // The mission's list says the same of each, with its quote's number.
    const listed = (await api.list(t, admin, `?devisId=${quote.id}`)).body.depenses;
    expect(Object.fromEntries(listed.map((depense) => [depense.id, [depense.numeroDevis, depense.verrouillee]]))).toEqual({
      [toll.id]: [quote.numeroDevis, true],
      [ticket.id]: [quote.numeroDevis, false],
      [parking.id]: [quote.numeroDevis, false],
    });
    expect((await api.delete(t, admin, ticket.id)).status).toBe(204);
    expect((await api.delete(t, admin, parking.id)).status).toBe(204);
    expect((await api.get(t, admin, parking.id)).status).toBe(404);
    const journal = await t.app.database.db.selectFrom('audit_log').selectAll().where('kind', '=', 'expense.deleted').execute();
    expect(journal.map((entry) => JSON.parse(entry.details).depenseId)).toEqual(expect.arrayContaining([ticket.id, parking.id]));
  });

  it('keeps the mission of an expense whose quote was deleted when it is corrected, and refuses to move another one there', async () => {
    const quote = await createQuoteInStatus(t.app.database, customer, 'en attente');
    const body = expenseBody({ devisId: quote.id, categorie: 'carburant', montantCentimes: 35_000 });
    expect((await api.create(t, admin, body)).status).toBe(201);
    const other = (await api.create(t, admin, expenseBody({ categorie: 'repas' }))).body;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const { id, ...fields } = body;
    const corrected = await api.update(t, admin, id, { ...fields, montantCentimes: 3_500 });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ devisId: quote.id, numeroDevis: null, montantCentimes: 3_500 });
    const moved = await api.update(t, admin, other.id, { ...fields, devisId: quote.id });
    expect(moved.status).toBe(404);
    expect(moved.body.message).toBe(msg.missionNotFound);
    expect((await api.get(t, admin, other.id)).body.devisId).toBeNull();
  });

  it('offers the draft’s cost lines as boxes: unticked, the expense is free and the line still offered; ticked again, the expense is re-billed again', async () => {
    const quote = await mission({ km: true, longDistance: false, refacturation: ['peage'] });
    const toll = (await api.create(t, admin, expenseBody({ devisId: quote.id, categorie: 'peage', montantCentimes: 3_500 }))).body;
    await drive(quote.id, 10_000, 10_497);
    const draft = (await invoiceApi.draft(t, admin, quote.id)).body;
    const tollLine = { description: 'Frais de péage – refacturés au réel (01/12/2026)', quantite: 1, prixUnitaireCentimes: 3_500 };
    const kmLine = {
      description: 'Kilomètres supplémentaires (clause des 5 %) : 497 km parcourus pour 465 km estimés',
      quantite: 23,
      prixUnitaireCentimes: 97,
    };
    expect(draft.lignesProposees).toEqual([tollLine, kmLine]);
    const convoy = { description: draft.lignes[0]!.description, quantite: 1, prixUnitaireCentimes: draft.lignes[0]!.prixUnitaireCentimes };
    const save = (lignes: object[]) =>
      invoiceApi.update(t, admin, draft.id, {
        lignes,
        datePrestation: '2026-12-01',
        client: { nom: 'Julie Bernard', adresse: '3 place Bellecour, 69002 Lyon', siret: null },
      });

    const unticked = await save([convoy, kmLine]);
    expect(unticked.status).toBe(200);
    expect(unticked.body.lignes.map((line) => line.description)).toEqual([convoy.description, kmLine.description]);
    expect(unticked.body.lignesProposees).toEqual([kmLine, tollLine]);
    expect((await api.get(t, admin, toll.id)).body).toMatchObject({ factureId: null });
    expect((await invoiceApi.get(t, admin, draft.id)).body.lignesProposees).toEqual([kmLine, tollLine]);

    const ticked = await save([convoy, kmLine, tollLine]);
    expect(ticked.body.totalCentimes).toBe(45_050 + 2_231 + 3_500);
    expect((await api.get(t, admin, toll.id)).body).toMatchObject({ factureId: draft.id });
    expect((await invoiceApi.issue(t, admin, draft.id)).body.lignesProposees).toBeUndefined();
    expect((await api.get(t, admin, toll.id)).body).toMatchObject({ verrouillee: true });
  });

  it('gives the year’s expenses as the receipts book’s CSV: « ; », decimal comma, UTF-8 with BOM', async () => {
    const quote = await mission({ km: false, longDistance: false });
    await api.create(
      t,
      admin,
      expenseBody({
        devisId: quote.id,
        categorie: 'carburant',
        montantCentimes: 7_345,
        tvaCentimes: 1_224,
        date: '2025-03-04',
        note: 'Total; A6',
      }),
    );
    await api.create(
      t,
      admin,
      expenseBody({ categorie: 'parking', montantCentimes: 250, tvaCentimes: 42, date: '2025-03-05', moyenPaiement: 'especes' }),
    );
    await api.create(t, admin, expenseBody({ categorie: 'parking', montantCentimes: 999, date: '2024-12-31' }));
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/depenses.csv?annee=2025', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${expenseCsvTexts.filename(2025)}"`);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Date;Catégorie;Mission;Moyen de paiement;Montant TTC;Dont TVA;Note;Justificatif',
      `04/03/2025;Carburant;${quote.numeroDevis};Carte;73,45;12,24;"Total; A6";non`,
      '05/03/2025;Parking;;Espèces;2,50;0,42;;non',
      '',
    ]);
  });

  it('shows the year’s margin per month with the least profitable missions first', async () => {
    const quote = await mission({ km: false, longDistance: false }, { prixCentimes: 30_000 });
    await drive(quote.id, 10_000, 10_497);
    await api.create(
      t,
      admin,
      expenseBody({ devisId: quote.id, categorie: 'train', montantCentimes: 40_000, tvaCentimes: 0, date: '2027-02-03' }),
    );
    await api.create(t, admin, expenseBody({ categorie: 'autre', montantCentimes: 1_000, tvaCentimes: 0, date: '2027-03-01' }));
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/rentabilite?annee=2027', headers: admin });
    expect(response.statusCode).toBe(200);
    const margins = response.json();
    expect(margins).toMatchObject({ annee: 2027, recettesCentimes: 0, depensesCentimes: 41_000, margeCentimes: -41_000 });
    expect(margins.parCategorie).toEqual([
      { categorie: 'train', totalCentimes: 40_000 },
      { categorie: 'autre', totalCentimes: 1_000 },
    ]);
    expect(margins.mois[1]).toEqual({
      mois: 2,
      recettesCentimes: 0,
      depensesCentimes: 40_000,
      margeCentimes: -40_000,
      parCategorie: [{ categorie: 'train', totalCentimes: 40_000 }],
    });
    expect(margins.mois[0].parCategorie).toEqual([]);
    // 497 km driven in 6 h 30 (the inspections' times): the margin per km and per hour.
    expect(margins.moinsRentables[0]).toEqual({
      devisId: quote.id,
      numeroDevis: quote.numeroDevis,
      prixCentimes: 30_000,
      recettesCentimes: 30_000,
      depensesCentimes: 40_000,
      margeCentimes: -10_000,
      kmParcourus: 497,
      heures: 6.5,
      centimesParKm: -20,
      centimesParHeure: -1_538,
    });
  });
});
