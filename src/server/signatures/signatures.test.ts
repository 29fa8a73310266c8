import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatParisDateTimeLong } from '#domain/format.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { CONSENT_TEXT, notificationTexts, signatureTexts } from '#domain/texts/signature.ts';
import { confirmQuote, insertQuote, makePdf, uploadSigned } from '#server/quotes/back-office-test-factories.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { DRAWING } from './test-factories.ts';
import { createFileStore, type FileStore } from '#server/storage/file-store.ts';
import { checkSeal } from '#server/test/pdf-seal.ts';
import { addressOf, ADMIN_EMAIL, createAdmin, createCustomer, ENGINES, PUBLIC_URL, useTestApp } from '#server/test/helpers.ts';
import { storedQuote } from '#server/quotes/test-factories.ts';

type Headers = { cookie: string; origin: string };
type Customer = Awaited<ReturnType<typeof createCustomer>>;
const flat = (text: string) => text.replace(/\s+/g, ' ');
const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** A private PDF download, answered as an attachment under the given file name. */
function expectPdfDownload(response: { statusCode: number; headers: Record<string, unknown> }, filename: string) {
  expect(response.statusCode).toBe(200);
  expect(response.headers).toMatchObject({
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${filename}"`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  });
}

/**
 * The disk store, whose writes can be made to fail for real (`failPut`: the same write on a
 * store whose folder is a file, so the system refuses it).
 */
function breakableStore(dataDir: string) {
  const disk = createFileStore({ kind: 'disk', root: path.join(dataDir, 'files') });
  writeFileSync(path.join(dataDir, 'not-a-folder'), '');
  const broken = createFileStore({ kind: 'disk', root: path.join(dataDir, 'not-a-folder', 'files') });
  const moments = { failPut: false };
  const store: FileStore = {
    ...disk,
    async put(key, content, contentType) {
      await (moments.failPut && key.startsWith('devis-signes/') ? broken : disk).put(key, content, contentType);
    },
  };
  return { store, moments };
}

describe.each(ENGINES)('online signature on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-test-'));
  const { store, moments } = breakableStore(dataDir);
  const t = useTestApp(engine, { env: { DATA_DIR: dataDir }, overrides: { fileStore: store } });
  let admin: Headers;
  let customer: Customer;

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    customer = await createCustomer(t, { name: 'Hélène Dupré' });
  });
  afterEach(() => {
    moments.failPut = false;
  });

  /** A quote of `owner`, completed, confirmed by the administrator and sent: envoyé, as the e-mail's link finds it. */
  async function sentQuote(owner: Customer = customer) {
    const quote = await insertQuote(t, {
      uid: owner.id,
      email: owner.email,
      clientDetails: { nom: 'Hélène Dupré', email: owner.email, telephone: '06 11 22 33 44' },
    });
    const confirmed = await confirmQuote(t, admin, quote.id, '1 234,50', { km: true, longDistance: false });
    expect(confirmed.statusCode).toBe(200);
    await t.outbox();
    const row = await storedQuote(t, quote.id);
    expect(row.statut).toBe('envoyé');
    return row;
  }

  const sign = (
    id: string,
    body: object,
    headers: Headers | undefined = customer.headers,
    userAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 7)',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/devis/${id}/signer`,
      headers: { ...headers, 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.42' },
      payload: body,
    });
  const validBody = (row: { sentPdfSha256: string | null }, changes: object = {}) => ({
    nomSignataire: 'Hélène Dupré',
    consentement: true,
    cgvAcceptees: true,
    signature: DRAWING,
    pdfSha256: row.sentPdfSha256,
    ...changes,
  });
  const stateOf = async (id: string) => {
    const row = await t.app.database.db
      .selectFrom('devis')
      .select(['statut', 'signedFileKey'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const events = await t.app.database.db
      .selectFrom('devis_historique')
      .select('event')
      .where('devisId', '=', id)
      .where('event', 'is not', null)
      .execute();
    const evidence = await t.app.database.db.selectFrom('signatures').select('id').where('devisId', '=', id).execute();
    return { ...row, events: events.length, evidence: evidence.length, file: await t.app.fileStore.exists(`devis-signes/${id}.pdf`) };
  };
  const untouched = { statut: 'envoyé', signedFileKey: null, events: 0, evidence: 0, file: false };
  const mailsAbout = (mails: ParsedMail[], subject: string) => mails.filter((mail) => mail.subject === subject);

  it('puts the signing link in the quote e-mail, and shows the page’s data to the owner only', async () => {
    const before = (await t.outbox()).length;
    const row = await sentQuote();
    const mail = (await t.outbox()).slice(before).find((m) => m.subject === adminTexts.mailSubject(row.numeroDevis));
    expect(mail?.text).toContain(`${PUBLIC_URL}/devis/${row.id}/signer`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}/devis/${row.id}/signer"`);

    const view = await t.app.inject({ url: `/api/devis/${row.id}/signature`, headers: customer.headers });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      numeroDevis: row.numeroDevis,
      statut: 'envoyé',
      prix: 1234.5,
      clauses: { km: true, longDistance: false },
      peutSigner: true,
      nomSignataire: 'Hélène Dupré',
      emailSignataire: customer.email,
      pdf: { url: `/api/devis/${row.id}/devis-envoye`, sha256: row.sentPdfSha256 },
      devisSigneURL: null,
      signature: null,
    });

    // The PDF sent, byte for byte, as a download.
    const sent = await t.app.inject({ url: `/api/devis/${row.id}/devis-envoye`, headers: customer.headers });
    expectPdfDownload(sent, `devis-${row.numeroDevis}.pdf`);
    expect(sha256(sent.rawPayload)).toBe(row.sentPdfSha256);
    expect((await t.app.inject({ url: `/api/devis/${row.id}/devis-envoye`, headers: admin })).statusCode).toBe(200);

    const other = await createCustomer(t);
    for (const url of [`/api/devis/${row.id}/signature`, `/api/devis/${row.id}/devis-envoye`]) {
      expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
      expect((await t.app.inject({ url, headers: { origin: PUBLIC_URL } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: `/api/devis/${row.id}/signature`, headers: admin })).statusCode).toBe(404);
  });

  it('signs: en cours through the table, « signé en ligne » with the signer in the history, the signed PDF for customer and admin', async () => {
    const row = await sentQuote();
    const response = await sign(row.id, validBody(row));
    expect(response.statusCode).toBe(200);
    const devis = response.json();
    expect(devis).toMatchObject({ statut: 'en cours', devisSigneURL: `/api/devis/${row.id}/devis-signe` });
    expect(devis.historique.at(-1)).toMatchObject({
      fromStatut: 'envoyé',
      toStatut: 'en cours',
      byRole: 'customer',
      event: 'signé en ligne',
      byName: 'Hélène Dupré',
    });
    const adminView = (await t.app.inject({ url: `/api/admin/devis/${row.id}`, headers: admin })).json();
    expect(adminView.historique.at(-1)).toMatchObject({ event: 'signé en ligne', byName: 'Hélène Dupré' });
    expect(adminView.devisSigneURL).toBe(`/api/devis/${row.id}/devis-signe`);

    const byCustomer = await t.app.inject({ url: `/api/devis/${row.id}/devis-signe`, headers: customer.headers });
    const byAdmin = await t.app.inject({ url: `/api/devis/${row.id}/devis-signe`, headers: admin });
    for (const download of [byCustomer, byAdmin]) expectPdfDownload(download, `devis-signe-${row.numeroDevis}.pdf`);
    expect(byAdmin.rawPayload.equals(byCustomer.rawPayload)).toBe(true);
    const evidence = await t.app.database.db.selectFrom('signatures').selectAll().where('devisId', '=', row.id).executeTakeFirstOrThrow();
    expect(evidence).toMatchObject({
      numeroDevis: row.numeroDevis,
      userId: customer.id,
      signerName: 'Hélène Dupré',
      signerEmail: customer.email,
      ipAddress: '203.0.113.42',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 7)',
      consentText: CONSENT_TEXT,
      originalPdfKey: row.sentPdfKey,
      originalSha256: row.sentPdfSha256,
      signedPdfKey: `devis-signes/${row.id}.pdf`,
      signedSha256: sha256(byCustomer.rawPayload),
    });
    const view = (await t.app.inject({ url: `/api/devis/${row.id}/signature`, headers: customer.headers })).json();
    expect(view).toMatchObject({ peutSigner: false, statut: 'en cours', signature: { nom: 'Hélène Dupré', date: evidence.signedAt } });
  });

  it('makes the signed PDF from the pages sent, the drawing in the box and a certificate page with every field, sealed so that any change shows', async () => {
    const row = await sentQuote();
    const original = (await t.app.fileStore.get(row.sentPdfKey!))!;
    expect((await sign(row.id, validBody(row))).statusCode).toBe(200);
    const signed = (await t.app.fileStore.get(`devis-signes/${row.id}.pdf`))!;

    const before = await readPdf(original);
    const after = await readPdf(signed);
    expect(after.pages).toHaveLength(before.pages.length + 1);
    const [certificate] = after.text.split(signatureTexts.certificateTitle).slice(-1);
    const evidence = await t.app.database.db.selectFrom('signatures').selectAll().where('devisId', '=', row.id).executeTakeFirstOrThrow();
    const signedAt = new Date(evidence.signedAt);
    const paris = formatParisDateTimeLong(signedAt);
    expect(certificate!.replace(/\s/g, '')).toContain(row.sentPdfSha256!);
    for (const expected of [
      `Devis n° ${row.numeroDevis}`,
      'Hélène Dupré',
      customer.email,
      customer.id,
      paris,
      signedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      '203.0.113.42',
      'Mozilla/5.0 (Linux; Android 14; Pixel 7)',
      `« ${CONSENT_TEXT} »`,
      'article 25',
    ]) {
      expect(flat(certificate!), expected).toContain(expected);
    }
    // The drawing's stamp lies in the box of the page that has it.
    expect(flat(after.text)).toMatch(/Signé électroniquement le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2} par Hélène Dupré/u);

    const seal = checkSeal(signed);
    expect(seal).toMatchObject({ coversWholeFile: true, digestMatches: true, signatureValid: true, opensslVerifies: true });
    expect(seal.certificateSha256).toBe(evidence.sealCertificateSha256);
    expect(seal.certificateSha256).toBe((await t.app.seal()).certificate.sha256);

    // One byte changed in the signed part of the file (its end, after the signature): the seal breaks.
    const tampered = Buffer.from(signed);
    const at = tampered.length - 100;
    tampered[at] = tampered[at]! ^ 0x01;
    const broken = checkSeal(tampered);
    expect(broken.digestMatches).toBe(false);
    expect(broken.opensslVerifies).toBe(false);
  });

  it('tells the administrator (« Devis n° N signé ») and sends the signer his copy, each with a text and an HTML part, the business in the footer and no tracking', async () => {
    const before = (await t.outbox()).length;
    const row = await sentQuote();
    const afterSending = (await t.outbox()).length;
    expect((await sign(row.id, validBody(row))).statusCode).toBe(200);
    const mails = (await t.outbox()).slice(afterSending);
    expect(before).toBeLessThan(afterSending);

    const [toAdmin] = mailsAbout(mails, notificationTexts.adminSignedSubject(row.numeroDevis));
    expect(addressOf(toAdmin!)).toBe(ADMIN_EMAIL);
    expect(toAdmin!.text).toContain(`${PUBLIC_URL}/admin/devis/${row.id}/edit`);
    expect(toAdmin!.text).toContain('Hélène Dupré');
    expect(toAdmin!.html).toContain(`href="${PUBLIC_URL}/admin/devis/${row.id}/edit"`);

    const [copy] = mailsAbout(mails, notificationTexts.customerSignedSubject(row.numeroDevis));
    expect(addressOf(copy!)).toBe(customer.email);
    // The signed quote, then the CGV accepted with the withdrawal form (legal/, L221-13).
    expect(copy!.attachments.map((attachment) => attachment.filename)).toEqual([`devis-signe-${row.numeroDevis}.pdf`, 'cgv-v1.pdf']);
    expect(copy!.attachments[0]!.content.equals((await t.app.fileStore.get(`devis-signes/${row.id}.pdf`))!)).toBe(true);

    for (const mail of [toAdmin!, copy!]) {
      expect(mail.text).toContain(t.config.seller.siret);
      expect(mail.html).toContain(t.config.seller.siret);
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(mail.html).not.toMatch(/<img|<script|utm_|track/i);
      for (const [, href] of (mail.html as string).matchAll(/href="([^"]+)"/g)) expect(href!.startsWith(PUBLIC_URL)).toBe(true);
    }
  });

  it.each([
    ['the consent is missing', { consentement: undefined }, signatureTexts.consentMissing],
    ['the consent is not ticked', { consentement: false }, signatureTexts.consentMissing],
    ['the drawing is missing', { signature: null }, signatureTexts.signatureMissing],
    ['the drawing is a dot', { signature: { largeur: 320, hauteur: 160, traits: [[[10, 10]]] } }, signatureTexts.signatureMissing],
    ['the name is blank', { nomSignataire: '   ' }, signatureTexts.signerNameMissing],
  ])('refuses with 400 when %s, and writes nothing', async (_what, changes, message) => {
    const row = await sentQuote();
    const response = await sign(row.id, validBody(row, changes));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation', message });
    expect(await stateOf(row.id)).toEqual(untouched);
  });

  it('refuses another customer’s quote (404) and a visitor (401), and writes nothing', async () => {
    const row = await sentQuote();
    const other = await createCustomer(t);
    expect((await sign(row.id, validBody(row), other.headers)).statusCode).toBe(404);
    expect((await sign(row.id, validBody(row), admin)).statusCode).toBe(404);
    expect((await sign(row.id, validBody(row), { origin: PUBLIC_URL } as Headers)).statusCode).toBe(401);
    expect(await stateOf(row.id)).toEqual(untouched);
  });

  it('refuses a quote that is not envoyé (409) and one already signed (409 « déjà signé »)', async () => {
    const pending = await insertQuote(t, { uid: customer.id, email: customer.email, statut: 'confirmé' });
    const notSent = await sign(pending.id, validBody({ sentPdfSha256: 'a'.repeat(64) }));
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().message).toBe(signatureTexts.notSent);

    const row = await sentQuote();
    expect((await sign(row.id, validBody(row))).statusCode).toBe(200);
    const again = await sign(row.id, validBody(row));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(signatureTexts.alreadySigned);
  });

  it('refuses when the PDF shown is not the one sent, or the stored PDF changed since sending (409), and writes nothing', async () => {
    const row = await sentQuote();
    const wrongHash = await sign(row.id, validBody(row, { pdfSha256: 'b'.repeat(64) }));
    expect(wrongHash.statusCode).toBe(409);
    expect(wrongHash.json().message).toBe(signatureTexts.pdfChanged);

    await t.app.fileStore.put(row.sentPdfKey!, await makePdf('Un autre devis'), 'application/pdf');
    const changed = await sign(row.id, validBody(row));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(signatureTexts.pdfChanged);
    expect(await stateOf(row.id)).toEqual(untouched);
  });

  it('lets exactly one of two simultaneous signatures through: one signed document, one history event, one e-mail to the administrator', async () => {
    const row = await sentQuote();
    const afterSending = (await t.outbox()).length;
    const responses = await Promise.all([sign(row.id, validBody(row)), sign(row.id, validBody(row, { nomSignataire: 'Autre Nom' }))]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const state = await stateOf(row.id);
    expect(state).toMatchObject({ statut: 'en cours', events: 1, evidence: 1, file: true });
    const mails = (await t.outbox()).slice(afterSending);
    expect(mailsAbout(mails, notificationTexts.adminSignedSubject(row.numeroDevis))).toHaveLength(1);
    const winner = responses.find((response) => response.statusCode === 200)!.json();
    const signed = (await t.app.fileStore.get(`devis-signes/${row.id}.pdf`))!;
    expect(flat((await readPdf(signed)).text)).toContain(winner.historique.at(-1).byName);
  });

  it('takes the whole signature back when the signed PDF cannot be stored (503): still envoyé, no event, no evidence, no e-mail; then it can be signed', async () => {
    const row = await sentQuote();
    const afterSending = (await t.outbox()).length;
    moments.failPut = true;
    const failed = await sign(row.id, validBody(row));
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: 'unavailable', message: signatureTexts.sealFailure });
    expect(await stateOf(row.id)).toEqual(untouched);
    const cancelled = await t.app.database.db
      .selectFrom('outbox')
      .select('status')
      .where('devisId', '=', row.id)
      .where('kind', 'in', ['admin-quote-signed', 'customer-signed-copy'])
      .execute();
    expect(cancelled.map((message) => message.status)).toEqual(['cancelled', 'cancelled']);
    expect((await t.outbox()).slice(afterSending)).toHaveLength(0);

    moments.failPut = false;
    expect((await sign(row.id, validBody(row))).statusCode).toBe(200);
    expect(await stateOf(row.id)).toMatchObject({ statut: 'en cours', events: 1, evidence: 1, file: true });
  });

  it('keeps the sealed document: the administrator cannot replace it by an upload (409)', async () => {
    const row = await sentQuote();
    expect((await sign(row.id, validBody(row))).statusCode).toBe(200);
    const before = await t.app.fileStore.get(`devis-signes/${row.id}.pdf`);
    const upload = await uploadSigned(t, admin, row.id, [
      { filename: 'scan.pdf', contentType: 'application/pdf', content: await makePdf() },
    ]);
    expect(upload.statusCode).toBe(409);
    expect(upload.json().message).toBe(adminTexts.signedOnlineNoReplace);
    expect((await t.app.fileStore.get(`devis-signes/${row.id}.pdf`))!.equals(before!)).toBe(true);
  });

  it('generated the self-signed seal into DATA_DIR once, and keeps it', async () => {
    expect(existsSync(path.join(dataDir, 'seal', 'seal.p12'))).toBe(true);
    const seal = await t.app.seal();
    expect(seal).toMatchObject({ source: 'generated', certificate: { selfSigned: true } });
    expect(seal.certificate.subject).toContain(t.config.seller.tradeName);
  });
});
