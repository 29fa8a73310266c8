import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminTexts } from '#domain/texts-admin.ts';
import { createFileStore, type FileStore } from '#server/storage/file-store.ts';
import { buildTestApp, createAdmin, ENGINES, type TestApp } from '#server/test/helpers.ts';
import { insertQuote, makePdf, multipartBody, pdfText } from './test-factories.ts';

/** Moments of an upload a test can act in: once the PDF is checked (before the status changes) and when the file is written. */
const moments = vi.hoisted(() => ({
  afterCheck: undefined as (() => Promise<void>) | undefined,
  beforePut: undefined as (() => Promise<void>) | undefined,
  failPut: false,
}));

vi.mock('#server/files/pdf-check.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#server/files/pdf-check.ts')>();
  return {
    ...original,
    async cleanPdf(content: Buffer) {
      const clean = await original.cleanPdf(content);
      await moments.afterCheck?.();
      return clean;
    },
  };
});

describe.each(ENGINES)('a signed quote uploaded while the quote changes, on %s', (engine) => {
  let t: TestApp;
  let admin: { cookie: string; origin: string };
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-test-'));
    const disk = createFileStore({ kind: 'disk', root: path.join(dataDir, 'files') });
    const fileStore: FileStore = {
      ...disk,
      async put(key, content, contentType) {
        await moments.beforePut?.();
        if (moments.failPut) throw new Error('ENOSPC: no space left on device');
        await disk.put(key, content, contentType);
      },
    };
    t = await buildTestApp(engine, { env: { DATA_DIR: dataDir }, overrides: { fileStore } });
    admin = (await createAdmin(t)).headers;
  });
  afterEach(() => {
    moments.afterCheck = undefined;
    moments.beforePut = undefined;
    moments.failPut = false;
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = (id: string, content: Buffer) => {
    const body = multipartBody([{ filename: 'signe.pdf', contentType: 'application/pdf', content }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/devis/${id}/devis-signe`,
      payload: body.payload,
      headers: { ...admin, 'content-type': body.contentType },
    });
  };
  const finish = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/devis/${id}/terminer`, headers: admin });
  const storedFile = (id: string) => t.app.fileStore.get(`devis-signes/${id}.pdf`);
  const quoteRow = (id: string) =>
    t.app.database.db.selectFrom('devis').select(['statut', 'signedFileKey']).where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: string) =>
    (
      await t.app.database.db
        .selectFrom('devis_historique')
        .select(['fromStatut', 'toStatut'])
        .where('devisId', '=', id)
        .orderBy('id')
        .execute()
    ).map((entry) => `${entry.fromStatut} → ${entry.toStatut}`);

  /** A quote en cours with a first signed PDF stored. */
  async function quoteWithSignedFile() {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    expect((await upload(quote.id, await makePdf('Premier devis signé'))).statusCode).toBe(200);
    // What was stored: the upload rebuilt without active content.
    const first = (await storedFile(quote.id))!;
    return { quote, first };
  }

  it('keeps the stored signed PDF when a re-upload is refused because the mission ended meanwhile (409)', async () => {
    const { quote, first } = await quoteWithSignedFile();
    const before = await history(quote.id);
    moments.afterCheck = async () => {
      moments.afterCheck = undefined;
      expect((await finish(quote.id)).statusCode).toBe(200);
    };

    const response = await upload(quote.id, await makePdf('Second devis, refusé'));

    expect(response.statusCode).toBe(409);
    expect((await storedFile(quote.id))?.equals(first)).toBe(true);
    expect(await quoteRow(quote.id)).toEqual({ statut: 'terminé', signedFileKey: `devis-signes/${quote.id}.pdf` });
    expect(await history(quote.id)).toEqual([...before, 'en cours → terminé']);
  });

  it('keeps an accepted re-upload when the mission ends while its file is being written', async () => {
    const { quote } = await quoteWithSignedFile();
    const before = await history(quote.id);
    moments.beforePut = async () => {
      moments.beforePut = undefined;
      expect((await finish(quote.id)).statusCode).toBe(200);
    };
    const second = await makePdf('Second devis signé');

    const response = await upload(quote.id, second);

    expect(response.statusCode).toBe(200);
    expect(await pdfText(await storedFile(quote.id))).toBe('Second devis signé');
    expect((await quoteRow(quote.id)).statut).toBe('terminé');
    expect(await history(quote.id)).toEqual([...before, 'en cours → en cours', 'en cours → terminé']);
  });

  it('takes a first upload back and answers 503 in French when the file cannot be written', async () => {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    const before = await history(quote.id);
    moments.failPut = true;

    const response = await upload(quote.id, await makePdf());

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'unavailable', message: adminTexts.uploadStoreFailure });
    expect(await quoteRow(quote.id)).toEqual({ statut: 'envoyé', signedFileKey: null });
    expect(await storedFile(quote.id)).toBeNull();
    expect(await history(quote.id)).toEqual(before);
  });

  it('keeps the previous signed PDF and history when a re-upload cannot be written (503)', async () => {
    const { quote, first } = await quoteWithSignedFile();
    const before = await history(quote.id);
    moments.failPut = true;

    const response = await upload(quote.id, await makePdf('Second devis signé'));

    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(adminTexts.uploadStoreFailure);
    expect(await quoteRow(quote.id)).toEqual({ statut: 'en cours', signedFileKey: `devis-signes/${quote.id}.pdf` });
    expect((await storedFile(quote.id))?.equals(first)).toBe(true);
    expect(await history(quote.id)).toEqual(before);
  });
});
