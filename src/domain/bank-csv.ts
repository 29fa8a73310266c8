import { z } from 'zod';
import { CSV_DATE_FORMATS, CSV_SEPARATORS, csvMappingSchema, type CsvDateFormat, type CsvMapping } from './schemas/payments.ts';
import { foldAccents } from './text-fold.ts';

export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** What the first lines of a bank's CSV export say of it: its separator, its header's column names, how it writes dates. */
export type CsvLayout = { separateur: CsvSeparator; colonnes: string[]; formatDate: CsvDateFormat | null };

/** The lines looked at: banks put a few lines of account details above the header. */
const LINES_READ = 40;

/** One line's fields, quotes (`"a;b"`, `""` for a quote) understood. */
function fieldsOf(line: string, separator: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}

const DATE_PATTERNS: readonly [RegExp, CsvDateFormat][] = [
  [/^\d{2}\/\d{2}\/\d{4}\b/, 'JJ/MM/AAAA'],
  [/^\d{4}-\d{2}-\d{2}\b/, 'AAAA-MM-JJ'],
  [/^\d{2}-\d{2}-\d{4}\b/, 'JJ-MM-AAAA'],
];
const dateFormatOf = (value: string) => DATE_PATTERNS.find(([pattern]) => pattern.test(value))?.[1] ?? null;
/** A cell no header holds: an amount, a date, a number. */
const looksLikeData = (value: string) => /^[-+]?[\d\s.,/:-]+$/.test(value) && /\d/.test(value);

/**
 * Reads the start of a CSV statement: the separator that splits its lines into the most fields,
 * the first line with that many fields that holds names (not amounts nor dates) as its header,
 * and the date format of the first line below it. Null when nothing there looks like a table.
 */
export function readCsvLayout(text: string): CsvLayout | null {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(0, LINES_READ)
    .filter((line) => line.trim() !== '');
  let best: { separator: CsvSeparator; width: number } | null = null;
  for (const separator of CSV_SEPARATORS) {
    const width = Math.max(0, ...lines.map((line) => fieldsOf(line, separator).length));
    if (width >= 3 && (!best || width > best.width)) best = { separator, width };
  }
  if (!best) return null;
  const { separator, width } = best;
  const rows = lines.map((line) => fieldsOf(line, separator));
  const headerIndex = rows.findIndex(
    (row) => row.length === width && row.filter(Boolean).length >= 3 && !row.some((value) => value && looksLikeData(value)),
  );
  if (headerIndex < 0) return null;
  const colonnes = rows[headerIndex]!.filter(Boolean);
  const dateColumn = guessColumns(colonnes).colonneDate;
  const firstRow = rows.slice(headerIndex + 1).find((row) => row.length >= colonnes.length);
  const sample = firstRow && dateColumn ? (firstRow[rows[headerIndex]!.indexOf(dateColumn)] ?? '') : '';
  return { separateur: separator, colonnes, formatDate: dateFormatOf(sample) };
}

/** A mapping as its form holds it: every column a name, `''` for none. */
export type CsvMappingDraft = { [Key in keyof CsvMapping]: Key extends `colonne${string}` ? string : CsvMapping[Key] };

const NAMES: Record<Exclude<keyof CsvMappingDraft, 'separateur' | 'formatDate'>, RegExp> = {
  colonneDate: /date/,
  colonneLibelle: /libelle|label|intitule|description|motif|detail/,
  colonneMontant: /montant|amount|somme/,
  colonneDebit: /debit/,
  colonneCredit: /credit/,
  colonneContrepartie: /contrepartie|beneficiaire|tiers|emetteur|payeur|counterparty/,
  colonneReference: /reference/,
};

/**
 * The columns a bank's header most likely means, by their names (« Date opération » before
 * « Date valeur »; one signed « Montant », else « Débit » and « Crédit »). The operator checks
 * them before they are saved.
 */
export function guessColumns(colonnes: readonly string[]): Omit<CsvMappingDraft, 'separateur' | 'formatDate'> {
  const folded = colonnes.map((name) => foldAccents(name));
  const find = (pattern: RegExp, avoid?: RegExp): string => {
    const index = folded.findIndex((name) => pattern.test(name) && !avoid?.test(name));
    return index < 0 ? (avoid ? find(pattern) : '') : colonnes[index]!;
  };
  const montant = find(NAMES.colonneMontant);
  const debit = find(NAMES.colonneDebit);
  const credit = find(NAMES.colonneCredit);
  const split = !montant && debit !== '' && credit !== '';
  return {
    colonneDate: find(NAMES.colonneDate, /valeur|value/),
    colonneLibelle: find(NAMES.colonneLibelle),
    colonneMontant: montant,
    colonneDebit: split ? debit : '',
    colonneCredit: split ? credit : '',
    colonneContrepartie: find(NAMES.colonneContrepartie),
    colonneReference: find(NAMES.colonneReference),
  };
}

/** A first mapping for a statement whose layout was read: its separator, its date format, the columns its names suggest. */
export function guessCsvMapping(layout: CsvLayout): CsvMappingDraft {
  return { separateur: layout.separateur, formatDate: layout.formatDate ?? CSV_DATE_FORMATS[0], ...guessColumns(layout.colonnes) };
}

/** The saved mapping as the form holds it. */
export const draftOf = (mapping: CsvMapping): CsvMappingDraft => ({
  ...mapping,
  colonneMontant: mapping.colonneMontant ?? '',
  colonneDebit: mapping.colonneDebit ?? '',
  colonneCredit: mapping.colonneCredit ?? '',
  colonneContrepartie: mapping.colonneContrepartie ?? '',
  colonneReference: mapping.colonneReference ?? '',
});

/** The form's mapping as the API takes it: a column left empty is none. */
export const mappingOf = (draft: CsvMappingDraft): CsvMapping => ({
  ...draft,
  colonneMontant: draft.colonneMontant.trim() || null,
  colonneDebit: draft.colonneDebit.trim() || null,
  colonneCredit: draft.colonneCredit.trim() || null,
  colonneContrepartie: draft.colonneContrepartie.trim() || null,
  colonneReference: draft.colonneReference.trim() || null,
});

/** The form's rules: its strings made a mapping, then the API's own schema (its messages, on the same fields). */
export const csvMappingDraftSchema = z
  .object({
    separateur: z.enum(CSV_SEPARATORS),
    formatDate: z.enum(CSV_DATE_FORMATS),
    colonneDate: z.string(),
    colonneLibelle: z.string(),
    colonneMontant: z.string(),
    colonneDebit: z.string(),
    colonneCredit: z.string(),
    colonneContrepartie: z.string(),
    colonneReference: z.string(),
  })
  .transform(mappingOf)
  .pipe(csvMappingSchema);
