import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, type PDFObject } from 'pdf-lib';
import { adminTexts } from '#domain/texts/admin.ts';
import { AppError } from '#server/errors.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const HEADER = Buffer.from('%PDF-');
const TRAILER = Buffer.from('%%EOF');

/**
 * Accepts a file only when its content is a PDF: the "%PDF-" header at the start, the
 * "%%EOF" trailer near the end, and a document that a real parser opens with at least one
 * page. The name and the declared type are never trusted. Returns the parsed document.
 */
async function loadPdf(content: Buffer): Promise<PDFDocument> {
  if (content.length === 0) throw new AppError('unsupported_media_type', adminTexts.uploadEmpty, { statusCode: 422 });
  const tail = content.subarray(Math.max(0, content.length - 1024));
  if (!content.subarray(0, HEADER.length).equals(HEADER) || tail.indexOf(TRAILER) === -1) throw notPdf();
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    if (document.getPageCount() < 1) throw notPdf();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notPdf(error);
  }
  // Its pages cannot be read without the password, so they cannot be copied either.
  if (document.isEncrypted) throw new AppError('validation', adminTexts.uploadEncrypted, { statusCode: 422 });
  return document;
}

/**
 * Annotations that only draw (a handwritten signature is often an Ink annotation, a stamp a
 * Stamp): kept, without their actions. Everything else (links, form widgets, attached
 * files, sound, video, 3D…) is dropped; form fields are first drawn onto their pages.
 */
const DRAWING_ANNOTATIONS = new Set([
  'Text',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
]);
/** Keys of a kept annotation that act or lead to other objects (a popup, a page, another annotation). */
const ANNOTATION_KEYS_DROPPED = ['A', 'AA', 'Popup', 'P', 'IRT', 'Parent'];
/** Keys of a page that act, or lead to article threads of the old document. */
const PAGE_KEYS_DROPPED = ['AA', 'B', 'Trans'];

/** Names that mean active content, wherever they appear in the rebuilt file. */
const ACTIVE_KEYS = ['JS', 'JavaScript', 'AA', 'OpenAction', 'AcroForm', 'XFA', 'EmbeddedFiles', 'EmbeddedFile', 'RichMediaContent'];
const ACTIVE_VALUES = [
  'JavaScript',
  'Launch',
  'SubmitForm',
  'ImportData',
  'ResetForm',
  'GoToR',
  'GoToE',
  'Rendition',
  'Movie',
  'Sound',
  'RichMedia',
  'FileAttachment',
  'EmbeddedFile',
  'Widget',
  'Link',
];

/**
 * The uploaded signed quote as the application stores it: a new document made of the
 * uploaded pages only. Nothing of the original document's catalogue survives (open action,
 * document scripts, attached files, form, outline with actions), and each page loses its
 * actions and every annotation that is not a drawing; a form's fields are drawn onto the
 * pages first, so what the customer filled in stays visible. The result is checked again
 * for anything active before it is accepted. Refused in French: what is not a PDF, an
 * encrypted PDF (its pages cannot be copied).
 */
export async function cleanPdf(content: Buffer): Promise<Buffer> {
  const source = await loadPdf(content);
  try {
    source.getForm().flatten();
  } catch {
    // A form pdf-lib cannot draw: its widgets are dropped below with the other annotations.
  }
  for (const page of source.getPages()) {
    const node = page.node;
    for (const key of PAGE_KEYS_DROPPED) node.delete(PDFName.of(key));
    const annotations = node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    if (!annotations) continue;
    const kept = source.context.obj([]);
    for (let index = 0; index < annotations.size(); index += 1) {
      const annotation = annotations.lookupMaybe(index, PDFDict);
      const subtype = annotation?.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText();
      if (!annotation || !subtype || !DRAWING_ANNOTATIONS.has(subtype)) continue;
      for (const key of ANNOTATION_KEYS_DROPPED) annotation.delete(PDFName.of(key));
      kept.push(annotations.get(index));
    }
    if (kept.size() > 0) node.set(PDFName.of('Annots'), kept);
    else node.delete(PDFName.of('Annots'));
  }

  let bytes: Buffer;
  try {
    const rebuilt = await PDFDocument.create({ updateMetadata: false });
    const pages = await rebuilt.copyPages(source, source.getPageIndices());
    for (const page of pages) rebuilt.addPage(page);
    bytes = Buffer.from(await rebuilt.save());
  } catch (error) {
    // Pages that cannot be copied are pages no reader could be trusted to show either.
    throw notPdf(error);
  }

  const active = findActiveContent(await PDFDocument.load(bytes, { updateMetadata: false }));
  if (active) throw new AppError('validation', adminTexts.uploadActiveContent, { statusCode: 422, details: { found: active } });
  return bytes;
}

/** The first sign of active content in a document (a key or a name), or null. */
export function findActiveContent(document: PDFDocument): string | null {
  const keys = new Set(ACTIVE_KEYS.map((key) => PDFName.of(key)));
  const values = new Set(ACTIVE_VALUES.map((value) => PDFName.of(value)));
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined): string | null => {
    if (!object || seen.has(object)) return null;
    seen.add(object);
    if (object instanceof PDFName) return values.has(object) ? object.decodeText() : null;
    if (object instanceof PDFRef) return null;
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        if (keys.has(key)) return key.decodeText();
        const found = visit(value);
        if (found) return found;
      }
      return null;
    }
    if (object instanceof PDFArray) {
      for (const item of object.asArray()) {
        const found = visit(item);
        if (found) return found;
      }
    }
    return null;
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const found = visit(object);
    if (found) return found;
  }
  return null;
}

const notPdf = (cause?: unknown) => new AppError('unsupported_media_type', adminTexts.uploadNotPdf, { cause });
