import { PDFDocument } from 'pdf-lib';
import { formatParisDateAtTime, formatParisDateTimeLong, formatUtc } from '#domain/format.ts';
import type { SignatureDrawing } from '#domain/schemas/signature.ts';
import { adminTexts } from '#domain/texts/admin.ts';
import { CGV_ACCEPTANCE_TEXT, EARLY_START_TEXT } from '#domain/texts/legal.ts';
import { CONSENT_TEXT, signatureTexts as s } from '#domain/texts/signature.ts';
import type { Seller } from '#domain/public-config.ts';
import { identityLine } from '#domain/texts/server.ts';
import { drawStrokes, INK } from '#server/pdf/drawing.ts';
import { createPdfDocument } from '#server/pdf/pdfkit-document.ts';
import { sealPdf, type Seal } from './seal.ts';

/** What the certificate page states; it is also what the evidence row keeps. */
export type SignatureEvidence = {
  numeroDevis: number;
  originalSha256: string;
  signerName: string;
  signerEmail: string;
  userId: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
  /** The terms of sale accepted (legal/). */
  cgv: { version: number; sha256: string };
  /** The consumer's answer to the early-start question (L221-25); null when it was not asked. */
  earlyStartRequested: boolean | null;
};

/** The stamp laid in the « Bon pour accord » box: the drawing, and one line under it. */
const STAMP = { width: 230, height: 58, drawingHeight: 44 };

/**
 * The signed quote: the pages of the PDF sent, unchanged, with the drawn signature laid in
 * their « Bon pour accord » box; then a last page « Certificat de signature »; then the whole
 * file sealed with the operator's certificate (PAdES). The original's own bytes are not kept
 * inside it: its SHA-256, on the certificate page and in the evidence, identifies it.
 */
export async function buildSignedQuote(
  original: Buffer,
  drawing: SignatureDrawing,
  evidence: SignatureEvidence,
  { seal, seller }: { seal: Seal; seller: Seller },
): Promise<Buffer> {
  const sheets = await renderSheets(drawing, evidence, { seal, seller });
  const pdfDoc = await PDFDocument.load(original, { updateMetadata: false });
  const box = await locateSignatureBox(original);
  if (box) {
    const [stamp] = await pdfDoc.embedPdf(sheets, [0]);
    const page = pdfDoc.getPage(box.pageIndex);
    const scale = Math.min(1, box.width / STAMP.width, box.height / STAMP.height);
    page.drawPage(stamp!, {
      x: box.x,
      y: box.top - STAMP.height * scale,
      width: STAMP.width * scale,
      height: STAMP.height * scale,
    });
  }
  const sheetsDoc = await PDFDocument.load(sheets);
  const [certificatePage] = await pdfDoc.copyPages(sheetsDoc, [1]);
  pdfDoc.addPage(certificatePage);
  pdfDoc.setModificationDate(evidence.signedAt);
  return sealPdf(pdfDoc, seal, {
    reason: s.sealReason(evidence.numeroDevis),
    name: seller.tradeName,
    location: s.sealLocation,
    contactInfo: seller.address,
    signingTime: evidence.signedAt,
  });
}

/** Where the drawing goes: under the texts of the « Bon pour accord » box (PDF points, origin bottom left). */
type Box = { pageIndex: number; x: number; top: number; width: number; height: number };

/**
 * Finds the « Bon pour accord » box of a quote PDF by its heading, as a PDF reader reads the
 * text (the quote PDF is ours, but its layout changes and the PDFs sent earlier stay as they
 * were): the drawing goes under the last line of the box's texts, as wide as the page allows.
 * Null when the heading is not found; the certificate page carries the drawing anyway.
 */
export async function locateSignatureBox(pdf: Buffer): Promise<Box | null> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0, isEvalSupported: false, disableFontFace: true })
    .promise;
  try {
    for (let index = document.numPages; index >= 1; index -= 1) {
      const page = await document.getPage(index);
      const items = (await page.getTextContent()).items.flatMap((item) =>
        'str' in item ? [{ text: item.str.trim(), x: item.transform[4] as number, y: item.transform[5] as number }] : [],
      );
      const heading = items.find((item) => item.text === adminTexts.signatureBlock);
      if (!heading) continue;
      // The box's own lines: those that start where its heading starts, just below it.
      const lines = items.filter((item) => Math.abs(item.x - heading.x) < 2 && item.y <= heading.y && item.y > heading.y - 60);
      const lowest = Math.min(...lines.map((item) => item.y));
      const [, , pageWidth] = page.view as [number, number, number, number];
      const top = lowest - 6;
      return { pageIndex: index - 1, x: heading.x, top, width: Math.min(STAMP.width, pageWidth - heading.x - 56), height: 52 };
    }
    return null;
  } finally {
    await document.destroy();
  }
}

/** Two pages rendered with the text font of our PDFs: the stamp, then the certificate page. */
async function renderSheets(
  drawing: SignatureDrawing,
  evidence: SignatureEvidence,
  { seal, seller }: { seal: Seal; seller: Seller },
): Promise<Buffer> {
  const { doc, finished } = createPdfDocument({
    size: [STAMP.width, STAMP.height],
    margin: 0,
    autoFirstPage: true,
    lang: 'fr-FR',
  } as PDFKit.PDFDocumentOptions);

  // 1. The stamp.
  drawStrokes(doc, drawing, { x: 0, y: 0, width: STAMP.width, height: STAMP.drawingHeight });
  doc
    .font('regular')
    .fontSize(6.5)
    .fillColor(INK)
    .text(s.stampLine(formatParisDateAtTime(evidence.signedAt), evidence.signerName), 0, STAMP.drawingHeight + 3, {
      width: STAMP.width,
      lineBreak: false,
      ellipsis: true,
    });

  // 2. The certificate page.
  doc.addPage({ size: 'A4', margins: { top: 56, bottom: 56, left: 56, right: 56 } });
  const left = 56;
  const width = doc.page.width - 112;
  doc.font('bold').fontSize(18).fillColor('#0f3d5e').text(s.certificateTitle, left, 56, { width });
  doc.moveDown(0.4).font('regular').fontSize(10).fillColor('#1b2430').text(s.certificateIntro(evidence.numeroDevis), { width });
  doc.moveDown(0.8);
  const rows: [string, string, ('mono' | 'regular')?][] = [
    [s.certQuote, adminTexts.pdfTitle(evidence.numeroDevis)],
    [s.certOriginalSha256, twoLines(evidence.originalSha256), 'mono'],
    [s.certSigner, evidence.signerName],
    [s.certEmail, evidence.signerEmail],
    [s.certAccount, evidence.userId, 'mono'],
    [s.certDateParis, formatParisDateTimeLong(evidence.signedAt)],
    [s.certDateUtc, formatUtc(evidence.signedAt), 'mono'],
    [s.certIp, evidence.ipAddress, 'mono'],
    [s.certBrowser, evidence.userAgent || '—'],
    [s.certConsent, s.certConsentQuoted(CONSENT_TEXT)],
    [s.certCgv, s.certCgvValue(evidence.cgv.version, CGV_ACCEPTANCE_TEXT)],
    [s.certCgvSha256, twoLines(evidence.cgv.sha256), 'mono'],
    ...(evidence.earlyStartRequested === null
      ? []
      : [
          [s.certEarlyStart, evidence.earlyStartRequested ? s.certConsentQuoted(EARLY_START_TEXT) : s.certEarlyStartDeclined] as [
            string,
            string,
          ],
        ]),
  ];
  const labelWidth = 170;
  for (const [label, value, font = 'regular'] of rows) {
    const y = doc.y;
    doc
      .font('bold')
      .fontSize(9.5)
      .text(label, left, y, { width: labelWidth - 10 });
    const labelBottom = doc.y;
    doc
      .font(font)
      .fontSize(font === 'mono' ? 8.5 : 9.5)
      .text(value, left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(labelBottom, doc.y) + 5;
  }
  doc.moveDown(0.5).font('bold').fontSize(9.5).text(s.certDrawing, left, doc.y, { width });
  const drawingTop = doc.y + 4;
  doc.rect(left, drawingTop, 240, 90).lineWidth(0.6).strokeColor('#c9d1d9').stroke();
  drawStrokes(doc, drawing, { x: left + 8, y: drawingTop + 8, width: 224, height: 74 });
  doc.y = drawingTop + 104;
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor('#1b2430')
    .text(s.certSeal(seller.tradeName, seal.certificate.subject), left, doc.y, { width });
  doc.moveDown(0.4).text(s.certSealFingerprint(seal.certificate.sha256), { width });
  doc.moveDown(0.6).text(s.certLegal, { width });
  doc.moveDown(0.6).text(identityLine(seller), { width });
  doc.end();
  return finished;
}

/** A SHA-256 in hex on two lines of 32, never cut elsewhere. */
const twoLines = (hex: string) => `${hex.slice(0, 32)}\n${hex.slice(32)}`;
