import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { createAdmin, createCustomer, ENGINES, useTestApp } from '#server/test/helpers.ts';
import { insertQuote, makePdf, multipartBody, pdfText, uploadSigned } from './back-office-test-factories.ts';

/** A real 1×1 PNG image. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(ENGINES)('uploading the signed quote on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: { cookie: string; origin: string };
  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
  });

  const upload = (id: string, files: Parameters<typeof multipartBody>[0]) => uploadSigned(t, admin, id, files);

  async function expectNothingStored(id: string) {
    expect(await t.app.fileStore.exists(`devis-signes/${id}.pdf`)).toBe(false);
    const row = await t.app.database.db
      .selectFrom('devis')
      .select(['statut', 'signedFileKey'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ statut: 'envoyé', signedFileKey: null });
  }

  /** Uploads `files` for a fresh quote sent for signature: refused with `status` and the French `message`, nothing stored. */
  async function expectRefused(files: Parameters<typeof multipartBody>[0], status: number, message: string) {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    const response = await upload(quote.id, files);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    await expectNothingStored(quote.id);
  }

  const refusals = [
    {
      what: 'a text file renamed .pdf',
      filename: 'devis.pdf',
      contentType: 'application/pdf',
      content: () => Buffer.from('Bonjour, ceci est un devis signé.\n'),
      status: 415,
      message: adminTexts.uploadNotPdf,
    },
    {
      what: 'an HTML page',
      filename: 'devis.pdf',
      contentType: 'application/pdf',
      content: () => Buffer.from('<!doctype html><html><body><script>alert(1)</script>%%EOF</body></html>'),
      status: 415,
      message: adminTexts.uploadNotPdf,
    },
    {
      what: 'a PNG image',
      filename: 'scan.pdf',
      contentType: 'application/pdf',
      content: png,
      status: 415,
      message: adminTexts.uploadNotPdf,
    },
    {
      what: 'an empty file',
      filename: 'vide.pdf',
      contentType: 'application/pdf',
      content: () => Buffer.alloc(0),
      status: 422,
      message: adminTexts.uploadEmpty,
    },
    {
      what: 'a header and trailer around garbage',
      filename: 'faux.pdf',
      contentType: 'application/pdf',
      content: () => Buffer.from('%PDF-1.7\nceci n’est pas un PDF\n%%EOF\n'),
      status: 415,
      message: adminTexts.uploadNotPdf,
    },
  ];

  for (const refusal of refusals) {
    it(`refuses ${refusal.what} with ${refusal.status} and a French message, storing nothing`, async () => {
      const file = { filename: refusal.filename, contentType: refusal.contentType, content: refusal.content() };
      await expectRefused([file], refusal.status, refusal.message);
    });
  }

  it('refuses polyglots: an image or a page wrapped around a real PDF, storing nothing', async () => {
    const pdf = await makePdf();
    for (const content of [
      Buffer.concat([Buffer.from('GIF89a'), pdf]),
      Buffer.concat([pdf, Buffer.from(`<html><body><script>alert(1)</script>${' '.repeat(4096)}</body></html>`)]),
    ]) {
      await expectRefused([{ filename: 'devis.pdf', contentType: 'application/pdf', content }], 415, adminTexts.uploadNotPdf);
    }
  });

  it.each(['../../etc/passwd.pdf', '..\\..\\devis.pdf', 'devis-signes/autre.pdf', 'devis\u0000.pdf'])(
    'refuses the file name %j with 400, storing nothing',
    async (filename) => {
      await expectRefused([{ filename, contentType: 'application/pdf', content: await makePdf() }], 400, adminTexts.uploadBadName);
    },
  );

  it('refuses a file over 10 MiB with 413, storing nothing', async () => {
    const pdf = await makePdf();
    const big = Buffer.concat([pdf.subarray(0, pdf.length - 6), Buffer.alloc(10 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
    await expectRefused([{ filename: 'gros.pdf', contentType: 'application/pdf', content: big }], 413, adminTexts.uploadTooLarge);
  });

  it('refuses two files with 400, storing nothing', async () => {
    const pdf = await makePdf();
    const twoFiles = [
      { filename: 'un.pdf', contentType: 'application/pdf', content: pdf },
      { filename: 'deux.pdf', contentType: 'application/pdf', content: pdf },
    ];
    await expectRefused(twoFiles, 400, adminTexts.uploadTooManyFiles);
  });

  it('refuses a request without a file with 400 "Veuillez sélectionner un fichier."', async () => {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    const boundary = 'vide';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devis/${quote.id}/devis-signe`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nrien\r\n--${boundary}--\r\n`,
      headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(texts.uploadNoFile);
    await expectNothingStored(quote.id);
  });

  it('stores a real PDF as devis-signes/{id}.pdf, sets en cours, and lets only the owner and the admin download it', async () => {
    const owner = await createCustomer(t);
    const other = await createCustomer(t);
    const quote = await insertQuote(t, { statut: 'envoyé', uid: owner.id, email: owner.email });
    const pdf = await makePdf('Bon pour accord – signé');
    const response = await upload(quote.id, [{ filename: 'devis signé.pdf', contentType: 'application/pdf', content: pdf }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statut: 'en cours', devisSigneURL: `/api/devis/${quote.id}/devis-signe` });
    const stored = await t.app.fileStore.get(`devis-signes/${quote.id}.pdf`);
    expect(await pdfText(stored)).toBe('Bon pour accord – signé');

    for (const headers of [owner.headers, admin]) {
      const download = await t.app.inject({ url: `/api/devis/${quote.id}/devis-signe`, headers });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toBe(`attachment; filename="devis-signe-${quote.numeroDevis}.pdf"`);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(download.headers['cache-control']).toBe('private, no-store');
      expect(download.rawPayload.equals(stored!)).toBe(true);
    }
    const stranger = await t.app.inject({ url: `/api/devis/${quote.id}/devis-signe`, headers: other.headers });
    expect(stranger.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/devis/${quote.id}/devis-signe` })).statusCode).toBe(401);
  });

  it('replaces the signed PDF on a re-upload en cours and records the re-upload in the history', async () => {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    expect(
      (await upload(quote.id, [{ filename: 'signe.pdf', contentType: 'application/pdf', content: await makePdf('Premier') }])).statusCode,
    ).toBe(200);
    const second = await makePdf('Second');
    const response = await upload(quote.id, [{ filename: 'signe-2.pdf', contentType: 'application/pdf', content: second }]);
    expect(response.statusCode).toBe(200);
    expect(await pdfText(await t.app.fileStore.get(`devis-signes/${quote.id}.pdf`))).toBe('Second');
    const detail = (await t.app.inject({ url: `/api/admin/devis/${quote.id}`, headers: admin })).json();
    expect(detail.historique.slice(-2)).toMatchObject([
      { fromStatut: 'envoyé', toStatut: 'en cours', byRole: 'admin' },
      { fromStatut: 'en cours', toStatut: 'en cours', byRole: 'admin' },
    ]);
  });

  it('refuses an upload on a quote that is not yet confirmed (409), storing nothing', async () => {
    const quote = await insertQuote(t, { statut: 'en attente' });
    const response = await upload(quote.id, [{ filename: 'signe.pdf', contentType: 'application/pdf', content: await makePdf() }]);
    expect(response.statusCode).toBe(409);
    expect(await t.app.fileStore.exists(`devis-signes/${quote.id}.pdf`)).toBe(false);
  });
});
