import type { Invoice } from '@e-invoice-eu/core';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
} from 'pdf-lib';
import { documentTypeCode } from '#domain/invoices.ts';
import { buildFacturXml } from './cii.ts';
import { renderInvoicePdf, type IssuedDocument } from './invoice-pdf.ts';

/**
 * Factur-X, profile EN 16931: the PDF/A-3 of renderInvoicePdf carrying its data as CII XML,
 * attached as `factur-x.xml` (AFRelationship Alternative) with the Factur-X XMP extension.
 *
 * The XML is ours (cii.ts: D22B, the French rules); @e-invoice-eu/core (docs/decisions/ says why
 * this library) makes the PDF/A-3 container: the attachment, the XMP metadata, the output intent.
 * It writes its own XML from its data model, which has no place for what the French platforms
 * require (note subject codes, SIRET with its scheme, a credit note's invoice date in the qdt
 * namespace), so its attachment is then replaced by ours, byte for byte, with pdf-lib.
 */

const silentLogger = { log() {}, warn() {}, error() {} };
const FORMAT = 'Factur-X-EN16931';
export const FACTUR_X_FILENAME = 'factur-x.xml';

/** The few fields @e-invoice-eu/core reads for the PDF/A metadata (title, author, subject). */
function containerData(document: IssuedDocument): Invoice {
  const { row } = document;
  return {
    'ubl:Invoice': {
      'cbc:ID': row.numero,
      'cbc:IssueDate': row.dateEmission,
      'cbc:InvoiceTypeCode': documentTypeCode(row),
      'cbc:DocumentCurrencyCode': 'EUR',
      'cac:AccountingSupplierParty': { 'cac:Party': { 'cac:PartyLegalEntity': { 'cbc:RegistrationName': row.vendeurNom ?? '' } } },
      'cac:AccountingCustomerParty': { 'cac:Party': { 'cac:PartyLegalEntity': { 'cbc:RegistrationName': row.clientNom } } },
    },
  } as unknown as Invoice;
}

/** The embedded files of a PDF: name and the reference of its file stream. */
function embeddedFiles(pdf: PDFDocument): { name: string; spec: PDFDict; streamRef: PDFRef }[] {
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = names?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const files: { name: string; spec: PDFDict; streamRef: PDFRef }[] = [];
  if (!list) return files;
  for (let index = 0; index < list.size(); index += 2) {
    const name = list.lookup(index) as PDFString | PDFHexString;
    const spec = list.lookup(index + 1, PDFDict);
    const streamRef = spec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F'));
    if (streamRef instanceof PDFRef) files.push({ name: name.decodeText(), spec, streamRef });
  }
  return files;
}

/** The content of the first embedded file among `names`, with its name; null when the PDF carries none of them (or is no PDF). */
export async function readEmbeddedFile(content: Uint8Array, names: readonly string[]): Promise<{ name: string; data: Buffer } | null> {
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(content, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return null;
  }
  const files = embeddedFiles(pdf);
  for (const wanted of names) {
    const file = files.find((entry) => entry.name.toLowerCase() === wanted.toLowerCase());
    if (!file) continue;
    const stream = pdf.context.lookup(file.streamRef);
    if (stream instanceof PDFRawStream) return { name: file.name, data: Buffer.from(decodePDFRawStream(stream).decode()) };
  }
  return null;
}

/** Replaces the content of the embedded file `name`, keeping its dictionary (type, MIME type, dates) and its size right. */
export async function replaceEmbeddedFile(content: Uint8Array, name: string, data: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(content, { updateMetadata: false });
  const file = embeddedFiles(pdf).find((entry) => entry.name === name);
  if (!file) throw new Error(`the PDF has no embedded ${name}`);
  const previous = pdf.context.lookup(file.streamRef);
  if (!(previous instanceof PDFRawStream)) throw new Error(`the embedded ${name} is not a stream`);
  const stream = pdf.context.flateStream(data);
  for (const [key, value] of previous.dict.entries()) {
    if (['Length', 'Filter', 'DecodeParms'].includes(key.asString().slice(1))) continue;
    stream.dict.set(key, value);
  }
  const params = previous.dict.lookupMaybe(PDFName.of('Params'), PDFDict)?.clone(pdf.context);
  if (params) {
    params.set(PDFName.of('Size'), PDFNumber.of(data.length));
    params.delete(PDFName.of('CheckSum'));
    stream.dict.set(PDFName.of('Params'), params);
  }
  pdf.context.assign(file.streamRef, stream);
  return pdf.save();
}

/** The Factur-X PDF of an issued invoice or credit note: what is stored, downloaded, e-mailed and sent to the platform. */
export async function renderFacturX(document: IssuedDocument): Promise<Buffer> {
  const pdf = await renderInvoicePdf(document);
  // Loaded on the first invoice issued, not at every start: it is half a second of the server's start-up (docs/decisions/0081).
  const { FormatFactoryService } = await import('@e-invoice-eu/core');
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(FORMAT, silentLogger);
  const container = await formatter.generate(containerData(document), {
    format: factory.normalizeFormat(FORMAT),
    lang: 'fr-fr',
    pdf: { buffer: new Uint8Array(pdf), filename: `${document.row.numero}.pdf`, mimetype: 'application/pdf' },
  });
  if (typeof container === 'string') throw new Error('Factur-X generation returned XML instead of a PDF');
  const xml = new TextEncoder().encode(buildFacturXml(document));
  return Buffer.from(await replaceEmbeddedFile(container, FACTUR_X_FILENAME, xml));
}

/** The file name a customer sees: `facture-F-2026-0001.pdf`. */
export const invoiceFilename = (document: { type: 'facture' | 'avoir'; numero: string | null }) =>
  `${document.type}-${document.numero ?? 'brouillon'}.pdf`;
