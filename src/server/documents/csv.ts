/**
 * The CSV the accountant opens (the receipts book, the expenses): `;`-separated, CRLF line
 * ends, UTF-8 with a byte-order mark so that Excel opens it with its accents. A field is quoted
 * when it holds the separator, a quote or a line break. Amounts arrive formatted already
 * (French decimal comma, `formatCentimesDecimal`).
 */
export function semicolonCsv(rows: readonly (readonly string[])[]): string {
  const field = (value: string) => (/[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `\uFEFF${rows.map((row) => row.map(field).join(';')).join('\r\n')}\r\n`;
}
