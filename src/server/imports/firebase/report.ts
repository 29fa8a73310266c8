import { IMPORT_COLLECTIONS, importTexts as m, type ImportCollection } from '#domain/texts/import.ts';

export type CollectionCounts = { read: number; imported: number; alreadyImported: number; skipped: number };

/**
 * What an import did (or, with --dry-run, would do): printed, and written as JSON beside the
 * data. Every document read is counted once: imported, already imported, or skipped with its
 * reason in `unmapped`. Remarks on documents imported all the same are in `warnings`.
 */
export type ImportReport = {
  dryRun: boolean;
  startedAt: string;
  sources: { firestore: string | null; auth: string | null; hashConfig: string | null; files: string | null };
  collections: Record<ImportCollection, CollectionCounts>;
  unmapped: { collection: ImportCollection; id: string; reason: string }[];
  renumbered: { id: string; numeroOriginal: number | null; numeroDevis: number }[];
  warnings: { collection: ImportCollection | 'firestore'; id: string | null; message: string }[];
  /** Fields of the export outside the specification's entities, with how many documents had them. */
  unknownFields: Partial<Record<ImportCollection, Record<string, number>>>;
  counter: { before: number; after: number };
};

export function emptyReport(dryRun: boolean, sources: ImportReport['sources']): ImportReport {
  const collections = Object.fromEntries(
    IMPORT_COLLECTIONS.map((name) => [name, { read: 0, imported: 0, alreadyImported: 0, skipped: 0 }]),
  ) as Record<ImportCollection, CollectionCounts>;
  return {
    dryRun,
    startedAt: new Date().toISOString(),
    sources,
    collections,
    unmapped: [],
    renumbered: [],
    warnings: [],
    unknownFields: {},
    counter: { before: 0, after: 0 },
  };
}

/** Records the outcome of one document (a skip with its reason, remarks, unknown fields). */
export class ReportBuilder {
  constructor(readonly report: ImportReport) {}

  read(collection: ImportCollection, count = 1): void {
    this.report.collections[collection].read += count;
  }

  imported(collection: ImportCollection): void {
    this.report.collections[collection].imported += 1;
  }

  alreadyImported(collection: ImportCollection): void {
    this.report.collections[collection].alreadyImported += 1;
  }

  skipped(collection: ImportCollection, id: string, reason: string): void {
    this.report.collections[collection].skipped += 1;
    this.report.unmapped.push({ collection, id, reason });
  }

  warn(collection: ImportReport['warnings'][number]['collection'], id: string | null, messages: string | readonly string[]): void {
    for (const message of typeof messages === 'string' ? [messages] : messages) this.report.warnings.push({ collection, id, message });
  }

  unknownFields(collection: ImportCollection, fields: readonly string[]): void {
    if (fields.length === 0) return;
    const counts = (this.report.unknownFields[collection] ??= {});
    for (const field of new Set(fields)) counts[field] = (counts[field] ?? 0) + 1;
  }
}

/** The report as the operator reads it in the terminal (the JSON file has every detail). */
export function formatReport(report: ImportReport): string {
  const lines = [m.reportTitle(report.dryRun), ''];
  for (const collection of IMPORT_COLLECTIONS) lines.push(m.reportLine(m.stage[collection], report.collections[collection]));
  lines.push(m.reportCounter(report.counter.before, report.counter.after));
  if (report.unmapped.length > 0) {
    lines.push('', m.reportUnmappedTitle);
    for (const item of report.unmapped) lines.push(`  ${item.collection} ${item.id} : ${item.reason}`);
  }
  if (report.renumbered.length > 0) {
    lines.push('', m.reportRenumberedTitle);
    for (const item of report.renumbered) lines.push(m.reportRenumbered(item.id, item.numeroOriginal, item.numeroDevis));
  }
  if (report.warnings.length > 0) {
    lines.push('', m.reportWarningsTitle);
    for (const item of report.warnings) lines.push(`  ${item.id ? `${item.collection} ${item.id}` : item.collection} : ${item.message}`);
  }
  const unknown = Object.entries(report.unknownFields);
  if (unknown.length > 0) {
    lines.push('', m.reportUnknownFieldsTitle);
    for (const [collection, fields] of unknown) {
      for (const [field, count] of Object.entries(fields)) lines.push(m.reportUnknownField(collection, field, count));
    }
  }
  return lines.join('\n');
}
