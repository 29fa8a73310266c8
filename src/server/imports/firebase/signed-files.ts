import { readFile } from 'node:fs/promises';
import { importTexts, type ImportCollection } from '#domain/texts/import.ts';
import type { DatabaseHandle } from '#server/db/index.ts';
import { cleanPdf, MAX_UPLOAD_BYTES } from '#server/documents/pdf-check.ts';
import { AppError } from '#server/errors.ts';
import { signedFileKey } from '#server/quotes/service.ts';
import type { FileStore } from '#server/storage/file-store.ts';
import { importedId, type mapDevis } from './mapping.ts';
import { attachSignedFile, journalKey, type ImportState } from './repository.ts';
import type { ReportBuilder } from './report.ts';
import type { SignedFile } from './sources.ts';

/** The signed PDFs of the export's folder: checked like an upload, attached to their imported quote. */

const { reasons } = importTexts;

/** A signed PDF through the upload's checks (size, content, active content stripped), or null with the reason reported. */
export async function checkedPdf(report: ReportBuilder, file: SignedFile): Promise<Buffer | null> {
  const content = await readFile(file.file);
  if (content.length > MAX_UPLOAD_BYTES) {
    report.skipped('devis-signes', file.name, reasons.fileTooLarge);
    return null;
  }
  try {
    return await cleanPdf(content);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    report.skipped('devis-signes', file.name, reasons.fileRefused(error.message));
    return null;
  }
}

/** The folder's PDFs no quote of this run took: for quotes imported by an earlier run, or for none (reported). */
export async function importRemainingFiles(
  deps: { database: DatabaseHandle | null; fileStore: FileStore },
  report: ReportBuilder,
  state: ImportState,
  run: {
    files: SignedFile[];
    consumed: Set<SignedFile>;
    quotes: { id: string; mapped: ReturnType<typeof mapDevis> }[];
    write: boolean;
    importedAt: string;
    progress: (collection: ImportCollection, done: number, total: number) => void;
  },
): Promise<void> {
  const unmappedQuotes = new Set(run.quotes.filter(({ mapped }) => !mapped.ok).map(({ id }) => id));
  const remaining = run.files.filter((file) => !run.consumed.has(file));
  let done = 0;
  for (const file of remaining) {
    run.progress('devis-signes', (done += 1), remaining.length);
    if (!file.id) {
      report.skipped('devis-signes', file.name, reasons.fileNotPdfName);
      continue;
    }
    if (state.journal.get(journalKey('devis-signes', file.id))?.importedAt) {
      report.alreadyImported('devis-signes');
      continue;
    }
    if (unmappedQuotes.has(file.id)) {
      report.skipped('devis-signes', file.name, reasons.fileQuoteNotImported);
      continue;
    }
    const devisId = state.journal.get(journalKey('devis', file.id))?.targetId ?? importedId(file.id);
    const quote = state.quotes.get(devisId);
    if (!quote || !state.journal.has(journalKey('devis', file.id))) {
      report.skipped('devis-signes', file.name, reasons.fileWithoutQuote(file.id));
      continue;
    }
    if (quote.hasSignedFile) {
      report.skipped('devis-signes', file.name, reasons.fileAlreadySigned);
      continue;
    }
    const signed = await checkedPdf(report, file);
    if (!signed) continue;
    if (run.write) {
      await deps.fileStore.put(signedFileKey(devisId), signed, 'application/pdf');
      if (
        !(await attachSignedFile(deps.database!, { sourceId: file.id, devisId, key: signedFileKey(devisId), importedAt: run.importedAt }))
      ) {
        report.skipped('devis-signes', file.name, reasons.fileAlreadySigned);
        continue;
      }
    }
    report.imported('devis-signes');
  }
}
