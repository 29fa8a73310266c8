import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminListResponse } from '#domain/schemas/admin.ts';
import { texts } from '#domain/texts/common.ts';
import { apiErrorMessages } from '#domain/texts/errors.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { readPdf } from '#server/test/pdf-text.ts';
import { addressOf, buildTestApp, createAdmin, ENGINES, queuedMessages, useTestApp } from '#server/test/helpers.ts';
import { startSmtpReceiver } from '#server/test/smtp-receiver.ts';
import { confirmQuote, insertQuote } from './back-office-test-factories.ts';

type Headers = { cookie: string; origin: string };
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function expectPdfOfQuote(mail: ParsedMail | undefined, numero: number, prixText: RegExp) {
  expect(mail?.attachments).toHaveLength(1);
  const attachment = mail!.attachments[0]!;
  expect(attachment.contentType).toBe('application/pdf');
  expect(attachment.filename).toBe(`devis-${numero}.pdf`);
  const { pages, text } = await readPdf(attachment.content);
  expect(pages[0]?.width).toBeCloseTo(595.28, 1);
  expect(flat(text)).toContain(`Devis n° ${numero}`);
  expect(flat(text)).toMatch(prixText);
  expect(flat(text)).toContain(texts.clauseKm);
  expect(flat(text)).toContain(texts.clauseLongDistance);
}

describe.each(ENGINES)('confirming a quote on %s (outbox)', (engine) => {
  const t = useTestApp(engine);
  let admin: Headers;
  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
  });

  it.each([
    ['negative', '-10'],
    ['zero', '0'],
    ['zero with decimals', '0,00'],
    ['not a number', 'douze euros'],
    ['three decimals', '12.345'],
    ['a number with three decimals', 12.345],
    ['empty', ''],
    ['absurdly large', '99999999999'],
  ])('refuses a %s price with 422 in French and changes nothing', async (_what, prixFinal) => {
    const quote = await insertQuote(t);
    const response = await confirmQuote(t, admin, quote.id, prixFinal);
    expect(response.statusCode).toBe(422);
    expect([adminTexts.prixFinalInvalid, adminTexts.prixFinalTooHigh]).toContain(response.json().message);
    const row = await t.app.database.db
      .selectFrom('devis')
      .select(['statut', 'prixCentimes', 'clauses'])
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ statut: 'en attente de confirmation', prixCentimes: 31_400, clauses: null });
  });

  it('refuses without a client e-mail: 422 "L\'adresse e-mail du client est manquante.", nothing changed or sent', async () => {
    const quote = await insertQuote(t, {
      email: null,
      clientDetails: { nom: 'Sans Adresse', email: ' ', telephone: '0600000000' },
    });
    const before = (await t.outbox()).length;
    const response = await confirmQuote(t, admin, quote.id, '450');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(texts.clientEmailMissing);
    const row = await t.app.database.db
      .selectFrom('devis')
      .select(['statut', 'prixCentimes'])
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ statut: 'en attente de confirmation', prixCentimes: 31_400 });
    expect(await t.outbox()).toHaveLength(before);
  });

  it('stores price and clauses and queues the PDF for the client details address; the quote becomes envoyé once sent', async () => {
    const quote = await insertQuote(t, {
      email: 'compte@exemple.fr',
      clientDetails: { nom: 'Hélène Dupré', email: 'helene.dupre@exemple.fr', telephone: '06 11 22 33 44' },
    });
    const response = await confirmQuote(t, admin, quote.id, '1 234,5');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statut: 'confirmé', prix: 1234.5, clauses: { km: true, longDistance: true } });
    expect(['en attente', 'envoyé']).toContain(response.json().envoi.etat);

    const mails = (await t.outbox()).filter((mail) => addressOf(mail) === 'helene.dupre@exemple.fr');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(adminTexts.mailSubject(quote.numeroDevis));
    expect(mails[0]?.text).toContain('Bonjour Hélène Dupré');
    expect(mails[0]?.html).toContain('Bonjour Hélène Dupré');
    await expectPdfOfQuote(mails[0], quote.numeroDevis, /1\s234,50 €/u);

    const detail = (await t.app.inject({ url: `/api/admin/devis/${quote.id}`, headers: admin })).json();
    expect(detail.statut).toBe('envoyé');
    expect(detail.envoi).toMatchObject({ etat: 'envoyé', tentatives: 1, prochainEssai: null, erreur: null });
    expect(detail.historique.slice(-2).map((h: { fromStatut: string; toStatut: string }) => `${h.fromStatut}→${h.toStatut}`)).toEqual([
      'en attente de confirmation→confirmé',
      'confirmé→envoyé',
    ]);
    // The PDF sent stays in the store with its SHA-256 on the quote: the document can be shown again.
    const row = await t.app.database.db
      .selectFrom('devis')
      .select(['sentPdfKey', 'sentPdfSha256'])
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    const stored = await t.app.fileStore.get(row.sentPdfKey!);
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(row.sentPdfSha256);
    expect(stored!.equals(mails[0]!.attachments[0]!.content)).toBe(true);
  });

  it('falls back to the quote e-mail and accepts a point as decimal separator', async () => {
    const quote = await insertQuote(t, { email: 'repli@exemple.fr', clientDetails: null });
    const response = await confirmQuote(t, admin, quote.id, 99.9, { km: false, longDistance: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statut: 'confirmé', prix: 99.9, clauses: { km: false, longDistance: false } });
    expect((await t.outbox()).some((mail) => addressOf(mail) === 'repli@exemple.fr')).toBe(true);
  });

  it('lets exactly one of five simultaneous confirmations through: the others get 409, the customer one e-mail at the stored price', async () => {
    const email = `course-${engine}@exemple.fr`;
    const quote = await insertQuote(t, { email, clientDetails: null });
    const prices = ['101', '202', '303', '404', '505'];
    const responses = await Promise.all(prices.map((prix) => confirmQuote(t, admin, quote.id, prix)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: 'conflict', message: apiErrorMessages.conflict });
    }

    const mails = (await t.outbox()).filter((mail) => addressOf(mail) === email);
    expect(mails).toHaveLength(1);
    const row = await t.app.database.db
      .selectFrom('devis')
      .select(['statut', 'prixCentimes'])
      .where('id', '=', quote.id)
      .executeTakeFirstOrThrow();
    expect(row.statut).toBe('envoyé');
    const euros = String(row.prixCentimes / 100);
    await expectPdfOfQuote(mails[0], quote.numeroDevis, new RegExp(`${euros},00 €`, 'u'));
    // Only the winner's PDF is kept.
    const files = readdirSync(path.join(t.dataDir, 'files', 'devis-envoyes', quote.id));
    expect(files).toHaveLength(1);
  });

  it('does not send the e-mail of a quote deleted before it went out', async () => {
    const email = `supprime-${engine}@exemple.fr`;
    const quote = await insertQuote(t, { email, clientDetails: null });
    await t.app.outbox.stop();
    try {
      expect((await confirmQuote(t, admin, quote.id, '300')).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/devis/${quote.id}`, headers: admin })).statusCode).toBe(204);
    } finally {
      t.app.outbox.start();
    }
    // The quote's e-mail is not sent (the customer is told of the deletion instead: notifications/).
    const quoteMails = (await t.outbox()).filter(
      (mail) => addressOf(mail) === email && mail.subject === adminTexts.mailSubject(quote.numeroDevis),
    );
    expect(quoteMails).toHaveLength(0);
    const messages = await queuedMessages(t, 'quote-for-signature', { devisId: quote.id });
    expect(messages.map((message) => message.status)).toEqual(['cancelled']);
  });

  it('refuses to confirm a quote already sent (409)', async () => {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    expect((await confirmQuote(t, admin, quote.id, '100')).statusCode).toBe(409);
  });
});

describe.each(ENGINES)('confirming a quote through SMTP on %s', (engine) => {
  it('delivers the e-mail with its PDF to a real SMTP receiver, then the quote is envoyé', async () => {
    const receiver = await startSmtpReceiver();
    const t = await buildTestApp(engine, { env: { SMTP_URL: receiver.url } });
    try {
      const admin = (await createAdmin(t)).headers;
      const quote = await insertQuote(t, { email: 'smtp@exemple.fr', clientDetails: null });
      const response = await confirmQuote(t, admin, quote.id, '780,00');
      expect(response.statusCode).toBe(200);
      await t.app.outbox.drain();
      const mail = receiver.messages.find((message) => addressOf(message) === 'smtp@exemple.fr');
      await expectPdfOfQuote(mail, quote.numeroDevis, /780,00 €/u);
      expect((await t.app.inject({ url: `/api/admin/devis/${quote.id}`, headers: admin })).json().statut).toBe('envoyé');
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('keeps the quote confirmé while SMTP is down, shows the failure to the admin, and sends once on retry', async () => {
    const probe = await startSmtpReceiver();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const t = await buildTestApp(engine, {
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOX_MAX_ATTEMPTS: '2', OUTBOX_RETRY_BASE_MS: '0' },
    });
    // Only the test's drains send: each one is one attempt.
    await t.app.outbox.stop();
    let receiver: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
    try {
      const admin = (await createAdmin(t)).headers;
      const quote = await insertQuote(t, { email: 'retry@exemple.fr', clientDetails: null });
      const detail = async () => (await t.app.inject({ url: `/api/admin/devis/${quote.id}`, headers: admin })).json();
      // The list flags the quote whose e-mail has not gone, so that it is seen without opening it.
      const listed = async () => {
        const { groups } = (await t.app.inject({ url: '/api/admin/devis', headers: admin })).json() as AdminListResponse;
        return groups.flatMap((group) => group.devis).find((devis) => devis.id === quote.id);
      };

      expect((await confirmQuote(t, admin, quote.id, '500')).statusCode).toBe(200);
      expect(await listed()).toMatchObject({ statut: 'confirmé', envoiEchoue: false });
      await t.app.outbox.drain();
      expect(await listed()).toMatchObject({ statut: 'confirmé', envoiEchoue: true });
      const waiting = await detail();
      expect(waiting).toMatchObject({ statut: 'confirmé', prix: 500, envoi: { etat: 'en attente', tentatives: 1 } });
      expect(waiting.envoi.prochainEssai).toEqual(expect.any(String));
      expect(waiting.envoi.erreur).toMatch(/ECONNREFUSED/);

      await t.app.outbox.drain();
      expect(await detail()).toMatchObject({ statut: 'confirmé', envoi: { etat: 'échec', tentatives: 2, prochainEssai: null } });
      expect(await listed()).toMatchObject({ envoiEchoue: true });
      // A second confirmation is refused: the retry is the way on.
      expect((await confirmQuote(t, admin, quote.id, '520')).statusCode).toBe(409);

      receiver = await startSmtpReceiver(port);
      const retried = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/renvoyer-email`, headers: admin });
      expect(retried.statusCode).toBe(200);
      await t.app.outbox.drain();
      expect(receiver.messages.map(addressOf)).toEqual(['retry@exemple.fr']);
      expect(await detail()).toMatchObject({ statut: 'envoyé', prix: 500, envoi: { etat: 'envoyé', tentatives: 3 } });
      expect(await listed()).toMatchObject({ statut: 'envoyé', envoiEchoue: false });

      const again = await t.app.inject({ method: 'POST', url: `/api/admin/devis/${quote.id}/renvoyer-email`, headers: admin });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(adminTexts.mailAlreadySent);
    } finally {
      await t.close();
      await receiver?.close();
    }
  });
});
