import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDay, parisToday } from '#domain/format.ts';
import { addDays } from '#domain/invoices.ts';
import { withdrawalDeadline } from '#domain/legal.ts';
import { legalTexts } from '#domain/texts/legal.ts';
import { depositCancellationTexts } from '#domain/texts/payments.ts';
import { quoteApiMessages } from '#domain/texts/quotes.ts';
import { confirmQuote, insertQuote, makePdf, uploadSigned } from '#server/quotes/back-office-test-factories.ts';
import { sha256Hex } from '#server/documents/documents.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { addressOf, ADMIN_EMAIL, createAdmin, createCustomer, ENGINES, PUBLIC_URL, useTestApp } from '#server/test/helpers.ts';
import { signBody } from '#server/signatures/test-factories.ts';
import { completeInspection } from '#server/missions/test-factories.ts';
import { storedQuote } from '#server/quotes/test-factories.ts';

type Headers = { cookie: string; origin: string };
type Customer = Awaited<ReturnType<typeof createCustomer>>;
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each(ENGINES)('selling within the law on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-legal-'));
  const cgvPath = path.join(dataDir, 'cgv.md');
  writeFileSync(cgvPath, '# CGV\n\nPremière version.\n');
  const t = useTestApp(engine, { env: { DATA_DIR: dataDir, CGV_PATH: cgvPath } });
  let admin: Headers;
  let customer: Customer;

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    customer = await createCustomer(t, { name: 'Hélène Dupré' });
  });

  /** A quote of `owner` confirmed and sent: envoyé, with its validity date. */
  async function sentQuote(owner: Customer = customer, changes: Parameters<typeof insertQuote>[1] = {}) {
    const quote = await insertQuote(t, {
      uid: owner.id,
      email: owner.email,
      clientDetails: { nom: 'Hélène Dupré', email: owner.email, telephone: '06 11 22 33 44' },
      priseInfo: { datePriseEnCharge: addDays(parisToday(), 40), debut: '08:30', fin: '10:00' },
      ...changes,
    });
    const confirmed = await confirmQuote(t, admin, quote.id, '500', { km: false, longDistance: false });
    expect(confirmed.statusCode).toBe(200);
    await t.outbox();
    return storedQuote(t, quote.id);
  }
  const sign = (row: { id: string; sentPdfSha256: string | null }, changes: object = {}, owner: Customer = customer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/devis/${row.id}/signer`,
      headers: owner.headers,
      payload: { ...signBody('Hélène Dupré', row.sentPdfSha256 ?? undefined), ...changes },
    });
  const withdraw = (id: string, headers: Headers | undefined = customer.headers) =>
    t.app.inject({ method: 'POST', url: `/api/devis/${id}/retractation`, headers });
  const cgv = async () => (await t.app.inject({ url: '/api/cgv' })).json();

  it('answers the CGV in force to anyone; the same text keeps its version, a new text is the next one, and the old stays', async () => {
    const first = await cgv();
    expect(first).toMatchObject({ version: 1, texte: '# CGV\n\nPremière version.\n' });
    expect(first.sha256).toBe(sha256Hex(Buffer.from(first.texte, 'utf8')));
    expect((await cgv()).version).toBe(1);

    writeFileSync(cgvPath, '# CGV\n\nDeuxième version.\n');
    const second = await cgv();
    expect(second).toMatchObject({ version: 2, texte: '# CGV\n\nDeuxième version.\n' });
    expect(second.sha256).not.toBe(first.sha256);
    const kept = await t.app.database.db.selectFrom('cgv_versions').selectAll().orderBy('version').execute();
    expect(kept.map((row) => [row.version, row.sha256])).toEqual([
      [1, first.sha256],
      [2, second.sha256],
    ]);
  });

  it('states the validity date when it sends the quote, and the signing page shows it and the CGV to accept', async () => {
    const row = await sentQuote();
    expect(row.valableJusquAu).toBe(addDays(parisToday(), 30));
    const view = (await t.app.inject({ url: `/api/devis/${row.id}/signature`, headers: customer.headers })).json();
    const current = await cgv();
    expect(view).toMatchObject({
      valableJusquAu: row.valableJusquAu,
      expire: false,
      consommateur: true,
      questionDebutAnticipe: false,
      cgv: { version: current.version, sha256: current.sha256 },
    });
    const mail = (await t.outbox()).findLast((m) => m.subject?.includes(`${row.numeroDevis}`) && addressOf(m) === customer.email);
    const pdf = mail?.attachments.find((a) => a.contentType === 'application/pdf');
    expect(flat((await readPdf(pdf!.content)).text)).toContain(legalTexts.validUntil(formatDay(row.valableJusquAu)));
    expect(mail?.text).toContain(legalTexts.validUntil(formatDay(row.valableJusquAu)));
  });

  it('refuses a signature without the CGV box (400), then records the CGV version and SHA-256 in the evidence and sends them as a PDF', async () => {
    const row = await sentQuote();
    const refused = await sign(row, { cgvAcceptees: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(legalTexts.cgvMissing);
    expect((await sign(row, { cgvAcceptees: undefined })).statusCode).toBe(400);

    const current = await cgv();
    const before = (await t.outbox()).length;
    const signed = await sign(row, { cgvSha256: current.sha256 });
    expect(signed.statusCode).toBe(200);
    const evidence = await t.app.database.db.selectFrom('signatures').selectAll().where('devisId', '=', row.id).executeTakeFirstOrThrow();
    expect(evidence).toMatchObject({ cgvVersion: current.version, cgvSha256: current.sha256, earlyStartRequested: null });

    const copy = (await t.outbox()).slice(before).find((m) => addressOf(m) === customer.email);
    const enclosure = copy?.attachments.find((a) => a.filename === `cgv-v${current.version}.pdf`);
    const text = flat((await readPdf(enclosure!.content)).text);
    expect(text).toContain(current.sha256);
    expect(text).toContain(legalTexts.formTitle);
    const signedPdf = copy?.attachments.find((a) => a.filename === `devis-signe-${row.numeroDevis}.pdf`);
    expect(flat((await readPdf(signedPdf!.content)).text)).toContain(current.sha256.slice(0, 32));
  });

  it('refuses a signature when the CGV changed since the page was shown (409)', async () => {
    const row = await sentQuote();
    const response = await sign(row, { cgvSha256: 'b'.repeat(64) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(legalTexts.cgvChanged);
  });

  it('asks a consumer whose pickup falls within the period about an early start, records his answer, and the planning says « pas avant le … » without it', async () => {
    const soon = await sentQuote(customer, { priseInfo: { datePriseEnCharge: addDays(parisToday(), 3), debut: '08:30', fin: '10:00' } });
    const view = (await t.app.inject({ url: `/api/devis/${soon.id}/signature`, headers: customer.headers })).json();
    expect(view).toMatchObject({ questionDebutAnticipe: true, debutAuPlusTot: addDays(withdrawalDeadline(new Date()), 1) });
    expect((await sign(soon, { debutAnticipe: true })).statusCode).toBe(200);
    const asked = await t.app.database.db.selectFrom('signatures').selectAll().where('devisId', '=', soon.id).executeTakeFirstOrThrow();
    expect(asked.earlyStartRequested).toBe(1);

    const declined = await sentQuote(customer, {
      priseInfo: { datePriseEnCharge: addDays(parisToday(), 3), debut: '08:30', fin: '10:00' },
    });
    expect((await sign(declined)).statusCode).toBe(200);
    const row = await t.app.database.db.selectFrom('signatures').selectAll().where('devisId', '=', declined.id).executeTakeFirstOrThrow();
    expect(row.earlyStartRequested).toBe(0);

    // The planning and the pickup inspection tell the administrator the first day he may start the one who declined.
    const firstDay = addDays(withdrawalDeadline(new Date()), 1);
    const planning = (await t.app.inject({ url: '/api/admin/missions', headers: admin })).json();
    const missions = planning.groupes.flatMap((group: { missions: { id: string; pasAvantLe: string | null }[] }) => group.missions);
    expect(missions.find((mission: { id: string }) => mission.id === declined.id)?.pasAvantLe).toBe(firstDay);
    expect(missions.find((mission: { id: string }) => mission.id === soon.id)?.pasAvantLe).toBeNull();
    const mission = (await t.app.inject({ url: `/api/admin/missions/${declined.id}`, headers: admin })).json();
    expect(mission.pasAvantLe).toBe(firstDay);
  });

  it('refuses to sign or upload a quote past its validity date (409 « Ce devis a expiré le … »)', async () => {
    const row = await sentQuote();
    const lastDay = addDays(parisToday(), -1);
    await t.app.database.db.updateTable('devis').set({ valableJusquAu: lastDay }).where('id', '=', row.id).execute();
    const expected = legalTexts.expired(formatDay(lastDay));

    const view = (await t.app.inject({ url: `/api/devis/${row.id}/signature`, headers: customer.headers })).json();
    expect(view.expire).toBe(true);
    // The back office's list carries the date, so that it shows « Expiré » and the actions past it.
    const listed = (await t.app.inject({ url: `/api/admin/devis?q=${row.numeroDevis}`, headers: admin })).json();
    const summary = listed.groups.flatMap((group: { devis: { id: string }[] }) => group.devis).find((d: { id: string }) => d.id === row.id);
    expect(summary).toMatchObject({ statut: 'envoyé', valableJusquAu: lastDay });
    const signed = await sign(row);
    expect(signed.statusCode).toBe(409);
    expect(signed.json().message).toBe(expected);
    const uploaded = await uploadSigned(t, admin, row.id, [
      { filename: 'signe.pdf', contentType: 'application/pdf', content: await makePdf() },
    ]);
    expect(uploaded.statusCode).toBe(409);
    expect(uploaded.json().message).toBe(expected);
    const after = await t.app.database.db
      .selectFrom('devis')
      .select(['statut', 'signedFileKey'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ statut: 'envoyé', signedFileKey: null });
  });

  it('lets the administrator extend or archive a quote only past its validity date; the extension is a new version sent again', async () => {
    const row = await sentQuote();
    const extend = () => t.app.inject({ method: 'POST', url: `/api/admin/devis/${row.id}/prolonger`, headers: admin });
    const archive = () => t.app.inject({ method: 'POST', url: `/api/admin/devis/${row.id}/archiver`, headers: admin });
    // Still open to signature: neither (an offer with a term, Code civil art. 1116).
    for (const refused of [await extend(), await archive()]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(legalTexts.notExpired(formatDay(row.valableJusquAu!)));
    }

    const lastDay = addDays(parisToday(), -1);
    await t.app.database.db.updateTable('devis').set({ valableJusquAu: lastDay }).where('id', '=', row.id).execute();
    const extended = await extend();
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({ statut: 'confirmé', valableJusquAu: addDays(parisToday(), 30) });
    expect(extended.json().historique.at(-1)).toMatchObject({ fromStatut: 'envoyé', toStatut: 'confirmé', event: 'validité prolongée' });

    // The customer gets the new version by e-mail (outbox), which makes it envoyé again, signable until its new date.
    const mails = (await t.outbox()).filter((m) => m.subject?.includes(`${row.numeroDevis}`) && addressOf(m) === customer.email);
    expect(mails).toHaveLength(2);
    const newDay = formatDay(addDays(parisToday(), 30));
    expect(mails[1]!.text).toContain(legalTexts.validUntil(newDay));
    const pdf = mails[1]!.attachments.find((a) => a.contentType === 'application/pdf');
    expect(flat((await readPdf(pdf!.content)).text)).toContain(legalTexts.validUntil(newDay));
    const after = await storedQuote(t, row.id);
    expect(after.statut).toBe('envoyé');
    expect(after.sentPdfSha256).not.toBe(row.sentPdfSha256);
    const journal = await t.app.database.db.selectFrom('audit_log').selectAll().where('devisId', '=', row.id).execute();
    expect(journal.map((entry) => entry.kind)).toContain('quote.extend');
    expect((await sign(after)).statusCode).toBe(200);

    // Another quote past its date is archived, and then cannot be extended.
    const old = await sentQuote();
    await t.app.database.db.updateTable('devis').set({ valableJusquAu: lastDay }).where('id', '=', old.id).execute();
    const archived = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${old.id}/archiver`, headers: admin });
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ statut: 'archivé', archive: true });
    const late = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${old.id}/prolonger`, headers: admin });
    expect(late.statusCode).toBe(409);
  });

  /** A quote of `owner` sent and signed online: en cours, concluded now. */
  async function signedQuote(owner: Customer = customer, changes: Parameters<typeof insertQuote>[1] = {}) {
    const row = await sentQuote(owner, changes);
    expect((await sign(row, {}, owner)).statusCode).toBe(200);
    await t.outbox();
    return row;
  }
  /** Moves a signed quote's history back by `days` (its signature then, so its withdrawal period). */
  const signedDaysAgo = async (id: string, days: number) => {
    const at = new Date(Date.now() - days * 86_400_000).toISOString();
    await t.app.database.db.updateTable('devis_historique').set({ at }).where('devisId', '=', id).execute();
    return at;
  };

  describe('« Me rétracter »', () => {
    it('within the period: the quote leaves the active list with « rétractation du client », the customer gets a receipt and the administrator a notice', async () => {
      const row = await signedQuote();
      const before = (await t.outbox()).length;
      const response = await withdraw(row.id);
      expect(response.statusCode).toBe(200);
      const devis = response.json();
      expect(devis).toMatchObject({ statut: 'archivé', archive: true });
      expect(devis.historique.at(-1)).toMatchObject({ fromStatut: 'en cours', toStatut: 'archivé', event: 'rétractation du client' });

      const active = (await t.app.inject({ url: '/api/devis', headers: customer.headers })).json();
      expect(active.devis.map((d: { id: string }) => d.id)).not.toContain(row.id);
      const kept = await t.app.database.db.selectFrom('retractations').selectAll().where('devisId', '=', row.id).executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ userId: customer.id, nom: 'Hélène Dupré' });

      const mails = (await t.outbox()).slice(before);
      const receipt = mails.find((m) => m.subject === legalTexts.mailCustomerSubject(row.numeroDevis));
      expect(addressOf(receipt!)).toBe(customer.email);
      expect(flat(receipt!.text ?? '')).toContain('vous notifie par la présente ma rétractation');
      expect(flat(receipt!.text ?? '')).toMatch(/Envoyée le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
      const notice = mails.find((m) => m.subject === legalTexts.mailAdminSubject(row.numeroDevis));
      expect(addressOf(notice!)).toBe(ADMIN_EMAIL);

      const again = await withdraw(row.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(legalTexts.withdrawAlready);

      // The withdrawn contract stays in the archives as it is: restored, it would be signed again and could not be withdrawn from.
      const restored = await t.app.inject({ method: 'POST', url: `/api/devis/${row.id}/restaurer`, headers: customer.headers });
      expect(restored.statusCode).toBe(409);
      expect(restored.json().message).toBe(quoteApiMessages.signedArchiveKept);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/devis/${row.id}`, headers: customer.headers });
      expect(deleted.json()).toMatchObject({ message: quoteApiMessages.signedArchiveKept });
      const adminRestored = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${row.id}/restaurer`, headers: admin });
      expect(adminRestored.statusCode).toBe(409);
      expect(adminRestored.json().message).toBe(quoteApiMessages.signedArchiveNotRestored);
      const after = await storedQuote(t, row.id);
      expect(after).toMatchObject({ statut: 'archivé', signedFileKey: expect.any(String) });
    });

    it('refuses another customer (404) and a visitor (401), and changes nothing', async () => {
      const row = await signedQuote();
      const other = await createCustomer(t);
      expect((await withdraw(row.id, other.headers)).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/devis/${row.id}/retractation`, headers: { origin: PUBLIC_URL } })).statusCode,
      ).toBe(401);
      const after = await t.app.database.db.selectFrom('devis').select('statut').where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(after.statut).toBe('en cours');
    });

    it('refuses a business customer and a quote not signed (409 saying why)', async () => {
      const business = await signedQuote(customer, { clientType: 'entreprise' });
      const refusedBusiness = await withdraw(business.id);
      expect(refusedBusiness.statusCode).toBe(409);
      expect(refusedBusiness.json().message).toBe(legalTexts.withdrawBusiness);

      const unsigned = await sentQuote();
      expect((await withdraw(unsigned.id)).json()).toMatchObject({ message: legalTexts.withdrawNotSigned });
    });

    it('refuses once the mission is done (409 saying why)', async () => {
      const done = await signedQuote();
      const finished = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${done.id}/terminer`, headers: admin });
      expect(finished.statusCode).toBe(200);
      const refusedDone = await withdraw(done.id);
      expect(refusedDone.statusCode).toBe(409);
      expect(refusedDone.json().message).toBe(legalTexts.withdrawDone);
    });

    it('refuses after the period (409 naming its last day)', async () => {
      const late = await signedQuote();
      const signedAt = await signedDaysAgo(late.id, 20);
      const refusedLate = await withdraw(late.id);
      expect(refusedLate.statusCode).toBe(409);
      expect(refusedLate.json().message).toBe(legalTexts.withdrawLate(formatDay(withdrawalDeadline(signedAt))));
    });
  });
  describe('« Demander l’annulation » (general terms, article 13)', () => {
    const requestCancellation = (id: string, headers: Headers | undefined = customer.headers) =>
      t.app.inject({ method: 'POST', url: `/api/devis/${id}/annulation`, headers });
    const pickupIn = (days: number) => ({ priseInfo: { datePriseEnCharge: addDays(parisToday(), days), debut: '08:30', fin: '10:00' } });

    it('refuses a consumer who may still withdraw, a quote not signed, and another customer, changing nothing', async () => {
      const row = await signedQuote(customer, pickupIn(3));
      const early = await requestCancellation(row.id);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(legalTexts.cancelWithdrawFirst(formatDay(withdrawalDeadline(new Date()))));
      const unsigned = await sentQuote();
      expect((await requestCancellation(unsigned.id)).json()).toMatchObject({ message: legalTexts.cancelNotSigned });
      const other = await createCustomer(t);
      expect((await requestCancellation(row.id, other.headers)).statusCode).toBe(404);
      // A business may ask at once, but not once its vehicle is picked up.
      const started = await signedQuote(customer, { ...pickupIn(0), clientType: 'entreprise' });
      await completeInspection(t, admin, started.id);
      expect((await requestCancellation(started.id)).json()).toMatchObject({ message: legalTexts.cancelStarted });
      const history = await t.app.database.db.selectFrom('devis_historique').select('event').where('devisId', '=', row.id).execute();
      expect(history.map((entry) => entry.event)).not.toContain('annulation demandée');
    });

    it('records the request in the history, sends a receipt and tells the operator what the terms say of the deposit, once', async () => {
      const row = await signedQuote(customer, pickupIn(3));
      await signedDaysAgo(row.id, 20);
      const before = (await t.outbox()).length;
      const response = await requestCancellation(row.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().statut).toBe('en cours');
      expect(response.json().historique.at(-1)).toMatchObject({ event: 'annulation demandée', byName: 'Hélène Dupré', byRole: 'customer' });
      const mails = (await t.outbox()).slice(before);
      const receipt = mails.find((mail) => mail.subject === legalTexts.cancelMailCustomerSubject(row.numeroDevis));
      expect(addressOf(receipt!)).toBe(customer.email);
      const notice = mails.find((mail) => mail.subject === legalTexts.cancelMailAdminSubject(row.numeroDevis));
      expect(addressOf(notice!)).toBe(ADMIN_EMAIL);
      expect(flat(notice!.text ?? '')).toContain('l’acompte reste acquis');
      const again = await requestCancellation(row.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(legalTexts.cancelAlready(formatDay(parisToday())));
    });

    it('records two taps at once as one request, with one receipt and one notice', async () => {
      const row = await signedQuote(customer, { ...pickupIn(3), clientType: 'entreprise' });
      const before = (await t.outbox()).length;
      const answers = await Promise.all([requestCancellation(row.id), requestCancellation(row.id)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const events = await t.app.database.db
        .selectFrom('devis_historique')
        .select('event')
        .where('devisId', '=', row.id)
        .where('event', '=', 'annulation demandée')
        .execute();
      expect(events).toHaveLength(1);
      const subjects = (await t.outbox()).slice(before).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject === legalTexts.cancelMailCustomerSubject(row.numeroDevis))).toHaveLength(1);
      expect(subjects.filter((subject) => subject === legalTexts.cancelMailAdminSubject(row.numeroDevis))).toHaveLength(1);
    });

    it('counts the deposit’s 7 days from the request, not from the day the operator deletes the quote', async () => {
      const row = await signedQuote(customer, { ...pickupIn(3), clientType: 'entreprise' });
      expect((await requestCancellation(row.id)).statusCode).toBe(200);
      const keep = () => t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${row.id}?acompte=conserver`, headers: admin });
      // Asked today, 3 days before the pickup: the terms let the deposit be kept (this quote has none to keep).
      expect((await keep()).json().message).toBe(depositCancellationTexts.noDeposit);
      // Asked 6 days ago, 9 days before the pickup: free of charge, whatever the day of the deletion.
      const sixDaysAgo = new Date(Date.now() - 6 * 86_400_000).toISOString();
      await t.app.database.db
        .updateTable('devis_historique')
        .set({ at: sixDaysAgo })
        .where('devisId', '=', row.id)
        .where('event', '=', 'annulation demandée')
        .execute();
      const refused = await keep();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(depositCancellationTexts.freeCancellation);
    });
  });
});
