import type { CsvMapping } from '#domain/schemas/payments.ts';
import { statementErrors as e } from '#domain/texts/payments.ts';
import { isCamt053, parseCamt053 } from './camt053.ts';
import { parseCsvStatement } from './csv.ts';
import { decodeStatement, StatementError, type ParsedStatement } from './statement.ts';

/** The largest statement accepted (several months of a small business's account fit in far less). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

/**
 * A statement file as the bank exported it: camt.053 XML, recognised by its content, or CSV,
 * read with the saved column mapping. Throws StatementError (French) for anything else.
 */
export function readStatement(content: Uint8Array, mapping: CsvMapping | null): ParsedStatement {
  const text = decodeStatement(content);
  if (!text.trim()) throw new StatementError(e.empty);
  const parsed = readText(text, mapping);
  if (parsed.entries.length === 0 && parsed.ignored === 0) throw new StatementError(e.noEntries);
  return parsed;
}

function readText(text: string, mapping: CsvMapping | null): ParsedStatement {
  if (text.trimStart().startsWith('<')) {
    if (!isCamt053(text)) throw new StatementError(/<\?xml|<Document/i.test(text.slice(0, 512)) ? e.notCamt053 : e.unknownFormat);
    return parseCamt053(text);
  }
  // eslint-disable-next-line no-control-regex -- a binary file (a PDF, an image) has control bytes a CSV never has
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 4096)) || text.startsWith('%PDF')) throw new StatementError(e.unknownFormat);
  if (!mapping) throw new StatementError(e.csvNoMapping);
  return parseCsvStatement(text, mapping);
}
