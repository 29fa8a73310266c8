import type { BankEntry } from '#domain/payments.ts';

/** A bank statement read from a file: what the parsers give, before anything is recorded. */
export type ParsedStatement = {
  format: 'camt.053' | 'csv';
  /** The camt.053 schema version (`camt.053.001.02`), or `csv`. */
  version: string;
  /** The account's IBAN, when the file names it. */
  compte: string | null;
  entries: BankEntry[];
  /** Entries left out: not booked yet, or not in euros. */
  ignored: number;
};

/** A file that is not a statement we can read: a French 400, and nothing recorded. */
export class StatementError extends Error {}

/**
 * An amount as banks write it ("450.00", "1 718,70", "-30,5", "1.234,56", "+12") in integer
 * cents, without ever going through a binary float; null when it is not one.
 */
export function toCents(text: string): number | null {
  let compact = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (compact.includes(',') && compact.includes('.')) compact = compact.replace(/\./g, '').replace(',', '.');
  else compact = compact.replace(',', '.');
  const match = /^([+-]?)(\d+)(?:\.(\d{1,2})0*)?$/.exec(compact);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return match[1] === '-' ? -cents : cents;
}

/**
 * The text of a statement file: UTF-8 when it is valid UTF-8 (a BOM dropped), else Windows-1252,
 * in which French banks still export CSV (Société Générale, Crédit Agricole).
 */
export function decodeStatement(content: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return new TextDecoder('windows-1252').decode(content);
  }
}
