import { PDFDocument } from 'pdf-lib';
import { adminTexts } from '#domain/texts-admin.ts';
import { AppError } from '#server/errors.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const HEADER = Buffer.from('%PDF-');
const TRAILER = Buffer.from('%%EOF');

/**
 * Accepts a file only when its content is a PDF: the "%PDF-" header at the start, the
 * "%%EOF" trailer near the end, and a document that a real parser opens with at least one
 * page. The name and the declared type are never trusted.
 */
export async function assertPdf(content: Buffer): Promise<void> {
  if (content.length === 0) throw new AppError('unsupported_media_type', adminTexts.uploadEmpty, { statusCode: 422 });
  const tail = content.subarray(Math.max(0, content.length - 1024));
  if (!content.subarray(0, HEADER.length).equals(HEADER) || tail.indexOf(TRAILER) === -1) throw notPdf();
  try {
    const document = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: true });
    if (document.getPageCount() < 1) throw notPdf();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notPdf(error);
  }
}

const notPdf = (cause?: unknown) => new AppError('unsupported_media_type', adminTexts.uploadNotPdf, { cause });
