/**
 * French SIV registration "AA-123-AA": letters I, O and U are never issued, nor the pair
 * SS, and the number runs 001–999. Input may omit the dashes or use spaces.
 */
const SIV = /^([A-HJ-NP-TV-Z]{2})(\d{3})([A-HJ-NP-TV-Z]{2})$/;

function compact(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

export function isValidFrenchPlate(value: string): boolean {
  const match = SIV.exec(compact(value));
  if (!match) return false;
  const [, left, number, right] = match;
  return number !== '000' && left !== 'SS' && right !== 'SS';
}

/** "ab 123 cd" → "AB-123-CD"; returns the input trimmed when it is not a SIV plate. */
export function normalizeFrenchPlate(value: string): string {
  const match = SIV.exec(compact(value));
  if (!match) return value.trim();
  return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Foreign plates are free text: letters, digits, spaces and dashes, 2 to 20 characters. */
export function isValidForeignPlate(value: string): boolean {
  return /^[A-Z0-9][A-Z0-9 -]{0,18}[A-Z0-9]$/i.test(value.trim());
}

/** A VIN (numéro de châssis) is 17 characters, digits and letters except I, O and Q. */
export function isValidVin(value: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(value.trim().toUpperCase());
}
