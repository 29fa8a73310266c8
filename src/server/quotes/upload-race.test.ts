import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminTexts } from '#domain/texts/admin.ts';
import { createFileStore, type FileStore } from '#server/storage/file-store.ts';
import { createAdmin, ENGINES, useTestApp, historyOf } from '#server/test/helpers.ts';
import { insertQuote, makePdf, pdfText, uploadSigned } from './back-office-test-factories.ts';

/**
 * The disk store, with what a test does through its interface: act while a file is being
 * written (`beforePut`), and have the write fail for real (`failPut`: the same write on a
 * store whose folder is a file, so the system refuses it).
 */
function storeWithMoments(dataDir: string) {
  const disk = createFileStore({ kind: 'disk', root: path.join(dataDir, 'files') });
  writeFileSync(path.join(dataDir, 'not-a-folder'), '');
  const broken = createFileStore({ kind: 'disk', root: path.join(dataDir, 'not-a-folder', 'files') });
  const moments = { beforePut: undefined as (() => Promise<void>) | undefined, failPut: false };
  const store: FileStore = {
    ...disk,
    async put(key, content, contentType) {
      await moments.beforePut?.();
      await (moments.failPut ? broken : disk).put(key, content, contentType);
    },
  };
  return { store, moments };
}

describe.each(ENGINES)('a signed quote uploaded while the quote changes, on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'convoyage-test-'));
  const { store, moments } = storeWithMoments(dataDir);
  const t = useTestApp(engine, { env: { DATA_DIR: dataDir }, overrides: { fileStore: store } });
  let admin: { cookie: string; origin: string };
  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
  });
  afterEach(() => {
    moments.beforePut = undefined;
    moments.failPut = false;
  });

  const upload = (id: string, content: Buffer) =>
    uploadSigned(t, admin, id, [{ filename: 'signe.pdf', contentType: 'application/pdf', content }]);
  const finish = (id: string) => t.app.inject({ method: 'POST', url: `/api/admin/devis/${id}/terminer`, headers: admin });
  const storedFile = (id: string) => t.app.fileStore.get(`devis-signes/${id}.pdf`);
  const quoteRow = (id: string) =>
    t.app.database.db.selectFrom('devis').select(['statut', 'signedFileKey']).where('id', '=', id).executeTakeFirstOrThrow();
  const history = async (id: string) => (await historyOf(t, id)).map((entry) => `${entry.fromStatut} → ${entry.toStatut}`);

  /** A quote en cours with a first signed PDF stored. */
  async function quoteWithSignedFile() {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    expect((await upload(quote.id, await makePdf('Premier devis signé'))).statusCode).toBe(200);
    // What was stored: the upload rebuilt without active content.
    const first = (await storedFile(quote.id))!;
    return { quote, first };
  }

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

  // The write fails once the transition is made; it is taken back only if nobody wrote the quote since.
  it.each([
    { meanwhile: 'nothing happened', finishFirst: false, statut: 'en cours', added: [] },
    { meanwhile: 'the mission ended', finishFirst: true, statut: 'terminé', added: ['en cours → en cours', 'en cours → terminé'] },
  ])('keeps the previous signed PDF when a re-upload cannot be written (503) and $meanwhile', async ({ finishFirst, statut, added }) => {
    const { quote, first } = await quoteWithSignedFile();
    const before = await history(quote.id);
    moments.beforePut = async () => {
      moments.beforePut = undefined;
      if (finishFirst) expect((await finish(quote.id)).statusCode).toBe(200);
      moments.failPut = true;
    };

    const response = await upload(quote.id, await makePdf('Second devis signé'));

    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(adminTexts.uploadStoreFailure);
    expect(await quoteRow(quote.id)).toEqual({ statut, signedFileKey: `devis-signes/${quote.id}.pdf` });
    expect((await storedFile(quote.id))?.equals(first)).toBe(true);
    expect(await history(quote.id)).toEqual([...before, ...added]);
  });
});
