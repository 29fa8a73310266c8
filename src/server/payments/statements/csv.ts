import { parse } from 'csv-parse/sync';
import type { BankEntry } from '#domain/payments.ts';
import type { CsvDateFormat, CsvMapping } from '#domain/schemas/payments.ts';
import { foldAccents } from '#domain/text-fold.ts';
import { statementErrors as e } from '#domain/texts/payments.ts';
import { StatementError, toCents, type ParsedStatement } from './statement.ts';

/**
 * A bank's CSV export read with the column mapping the administrator saved: the header line
 * is found by its column names (banks put an account preamble above it), quoted fields may
 * hold line breaks (Crédit Agricole's « Libellé »), the amount is one signed column or a
 * debit and a credit column, dates as the mapping says. Sources of the layouts:
 * /work/research/wire-formats.md §2.2.
 */
export function parseCsvStatement(text: string, mapping: CsvMapping): ParsedStatement {
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: mapping.separateur,
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 0;
    throw new StatementError(e.csvMalformed(line));
  }

  const key = (name: string) => foldAccents(name).replace(/\s+/g, ' ').trim();
  const required = [
    mapping.colonneDate,
    mapping.colonneLibelle,
    mapping.colonneMontant,
    mapping.colonneDebit,
    mapping.colonneCredit,
  ].filter((name): name is string => name !== null);
  const headerIndex = rows.findIndex((row) => {
    const names = new Set(row.map(key));
    return required.every((name) => names.has(key(name)));
  });
  if (headerIndex < 0) throw new StatementError(e.csvNoHeader(required));
  const header = rows[headerIndex]!.map(key);
  const column = (name: string | null) => (name === null ? -1 : header.indexOf(key(name)));
  const columns = {
    date: column(mapping.colonneDate),
    label: column(mapping.colonneLibelle),
    amount: column(mapping.colonneMontant),
    debit: column(mapping.colonneDebit),
    credit: column(mapping.colonneCredit),
    counterparty: column(mapping.colonneContrepartie),
    reference: column(mapping.colonneReference),
  };

  const entries: BankEntry[] = [];
  rows.slice(headerIndex + 1).forEach((row, offset) => {
    const line = headerIndex + offset + 2;
    const cell = (index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');
    // A closing line of totals or a blank row of separators: no date, no operation.
    if (!cell(columns.date) && row.every((value) => !value.trim() || toCents(value) !== null)) return;
    const date = readDate(cell(columns.date), mapping.formatDate);
    if (!date) throw new StatementError(e.csvBadRow(line, e.badDate(cell(columns.date))));
    const cents = amountOf(cell(columns.amount), cell(columns.debit), cell(columns.credit), columns.amount >= 0);
    if (cents === null) {
      const shown = columns.amount >= 0 ? cell(columns.amount) : `${cell(columns.debit)}/${cell(columns.credit)}`;
      throw new StatementError(e.csvBadRow(line, e.badAmount(shown)));
    }
    if (cents === 0) return;
    entries.push({
      date,
      montantCentimes: cents,
      contrepartie: cell(columns.counterparty) || null,
      libelle: cell(columns.label).replace(/\s+/g, ' '),
      referenceBanque: cell(columns.reference) || null,
    });
  });
  return { format: 'csv', version: 'csv', compte: null, entries, ignored: 0 };
}

/** One signed column, or a debit and a credit column (both written positive, or the debit negative). */
function amountOf(amount: string, debit: string, credit: string, signed: boolean): number | null {
  if (signed) return toCents(amount);
  const credited = credit ? toCents(credit) : 0;
  const debited = debit ? toCents(debit) : 0;
  if (credited === null || debited === null) return null;
  return Math.abs(credited) - Math.abs(debited);
}

function readDate(value: string, format: CsvDateFormat): string | null {
  const patterns: Record<CsvDateFormat, RegExp> = {
    'JJ/MM/AAAA': /^(?<d>\d{2})\/(?<m>\d{2})\/(?<y>\d{4})/,
    'JJ-MM-AAAA': /^(?<d>\d{2})-(?<m>\d{2})-(?<y>\d{4})/,
    'AAAA-MM-JJ': /^(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})/,
  };
  const groups = patterns[format].exec(value)?.groups;
  if (!groups) return null;
  const day = `${groups.y}-${groups.m}-${groups.d}`;
  const parsed = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}
